import Add from '@mui/icons-material/Add';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { EmptyState } from '../layout/EmptyState';
import type { GoalForm } from './goal-form';
import { goalExamples } from './goal-examples';
import { useTranslation } from 'react-i18next';

/** No goals yet: one button to start, and examples that fill the dialog in. */
export function GoalsEmpty({ onCreate }: { onCreate: (initial?: GoalForm) => void }) {
  const { t } = useTranslation('goals');
  const examplesId = useId();
  return (
    <EmptyState
      icon={<FlagOutlined />}
      title={t('empty.title')}
      action={
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Button variant="contained" startIcon={<Add />} onClick={() => onCreate()}>
            {t('empty.create')}
          </Button>
          <Typography variant="body2" color="text.secondary" id={examplesId}>
            {t('empty.examples')}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', justifyContent: 'center' }}
            aria-labelledby={examplesId}
            role="group"
          >
            {goalExamples.map((example) => (
              <Chip
                key={example.key}
                label={t(`examples.${example.key}`)}
                variant="outlined"
                onClick={() => onCreate(example.form)}
              />
            ))}
          </Stack>
        </Stack>
      }
    >
      {t('empty.body')}
    </EmptyState>
  );
}
