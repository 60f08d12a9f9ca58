import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Goal } from '@healthfolio/core';
import { useState } from 'react';
import { LoadError } from '../layout/LoadError';
import { useUnitSystem } from '../metrics/use-unit-system';
import { DeleteGoalDialog } from './DeleteGoalDialog';
import { emptyGoalForm, formFromGoal, type GoalForm } from './goal-form';
import { goalName } from './goal-text';
import { GoalCard } from './GoalCard';
import { GoalDialog } from './GoalDialog';
import { GoalsEmpty } from './GoalsEmpty';
import { useGoals } from './queries';
import { useTranslation } from 'react-i18next';

type Editing = { initial: GoalForm; goal?: Goal };

const cardSize = { xs: 12, md: 6, xl: 4 } as const;

/** The Goals page: heading with "New goal", the cards, and the dialogs they open. */
export function GoalsView() {
  const { t } = useTranslation(['goals', 'metrics']);
  const system = useUnitSystem();
  const goals = useGoals();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Goal | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const items = goals.data ?? [];
  const create = (initial: GoalForm = emptyGoalForm()) => setEditing({ initial });

  return (
    <>
      <Stack
        direction="row"
        useFlexGap
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}
      >
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        {items.length > 0 && (
          <Button variant="contained" startIcon={<Add />} onClick={() => create()}>
            {t('new')}
          </Button>
        )}
      </Stack>
      {goals.isPending && (
        <Grid container spacing={2} aria-busy="true" aria-label={t('loading')}>
          {[0, 1].map((i) => (
            <Grid key={i} size={cardSize}>
              <Skeleton variant="rounded" height={260} />
            </Grid>
          ))}
        </Grid>
      )}
      {goals.isError && (
        <LoadError title={t('loadError')} error={goals.error} onRetry={() => void goals.refetch()} />
      )}
      {goals.isSuccess && items.length === 0 && <GoalsEmpty onCreate={create} />}
      {items.length > 0 && (
        <Grid container spacing={2}>
          {items.map((goal) => (
            <Grid key={goal.id} size={cardSize}>
              <GoalCard
                goal={goal}
                system={system}
                onEdit={(g) => setEditing({ goal: g, initial: formFromGoal(g, system) })}
                onDelete={setDeleting}
              />
            </Grid>
          ))}
        </Grid>
      )}
      {editing && (
        <GoalDialog
          {...editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setMessage(editing.goal ? t('saved') : t('created'));
            setEditing(null);
          }}
        />
      )}
      {deleting && (
        <DeleteGoalDialog
          goal={deleting}
          name={goalName(deleting, system)}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            setMessage(t('deleted'));
          }}
        />
      )}
      <Snackbar
        open={message !== null}
        autoHideDuration={5000}
        onClose={() => setMessage(null)}
        message={message}
      />
    </>
  );
}
