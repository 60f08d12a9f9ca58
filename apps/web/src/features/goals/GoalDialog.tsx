import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  goalDirections,
  goalPeriods,
  type Goal,
  type GoalDirection,
  type GoalPeriod,
} from '@healthfolio/core';
import { useId, useState, type FormEvent } from 'react';
import { toApiError } from '../../lib/api';
import { unitOptions } from '../metrics/entry/entry-kinds';
import { UnitSelect } from '../metrics/entry/UnitSelect';
import { useUnitSystem } from '../metrics/use-unit-system';
import { checkGoalForm, withMetric, type GoalField, type GoalForm } from './goal-form';
import { ChoiceGroup } from './ChoiceGroup';
import { MetricAutocomplete } from './MetricAutocomplete';
import { useSaveGoal } from './queries';
import { useTranslation } from 'react-i18next';

interface GoalDialogProps {
  /** The goal being edited; absent for a new one. */
  goal?: Goal;
  /** What the fields start with. */
  initial: GoalForm;
  onClose: () => void;
  onSaved: (goal: Goal) => void;
}

/** Create or edit a goal. Mount it when it opens, so each opening starts from `initial`. */
export function GoalDialog({ goal, initial, onClose, onSaved }: GoalDialogProps) {
  const { t } = useTranslation('goals');
  const directionLabels: Record<GoalDirection, string> = {
    at_least: t('dialog.atLeast'),
    at_most: t('dialog.atMost'),
  };
  const periodLabels: Record<GoalPeriod, string> = {
    daily: t('dialog.daily'),
    weekly: t('dialog.weekly'),
    by_date: t('dialog.byDate'),
  };
  const system = useUnitSystem();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<GoalField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const saver = useSaveGoal();
  const change = (changes: Partial<GoalForm>) => setForm((f) => ({ ...f, ...changes }));
  const units = form.metric ? unitOptions(form.metric) : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkGoalForm(form);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    setServerError(null);
    saver.save(checked.input, goal?.id).then(onSaved, (e: unknown) => setServerError(toApiError(e).message));
  };

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{goal ? t('dialog.editTitle') : t('new')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            <MetricAutocomplete
              value={form.metric}
              error={errors.metric}
              onChange={(metric) => setForm((f) => withMetric(f, metric, system))}
            />
            <Stack direction="row" spacing={2}>
              <TextField
                label={t('dialog.target')}
                required
                value={form.target}
                onChange={(e) => change({ target: e.target.value })}
                error={!!errors.target}
                helperText={errors.target}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                sx={{ flexGrow: 1 }}
              />
              {units.length > 0 && (
                <UnitSelect options={units} value={form.unit} onChange={(unit) => change({ unit })} />
              )}
            </Stack>
            <ChoiceGroup
              label={t('dialog.direction')}
              values={goalDirections}
              labels={directionLabels}
              value={form.direction}
              onChange={(direction) => change({ direction })}
            />
            <ChoiceGroup
              label={t('dialog.period')}
              values={goalPeriods}
              labels={periodLabels}
              value={form.period}
              onChange={(period) => change({ period })}
            />
            {form.period === 'by_date' && (
              <TextField
                type="date"
                label={t('dialog.deadline')}
                required
                value={form.deadline}
                onChange={(e) => change({ deadline: e.target.value })}
                error={!!errors.deadline}
                helperText={errors.deadline}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
            <TextField
              label={t('dialog.titleField')}
              value={form.title}
              onChange={(e) => change({ title: e.target.value })}
              error={!!errors.title}
              helperText={errors.title ?? t('dialog.titleHelp')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saver.isPending}>
            {saver.isPending
              ? t('common:status.saving')
              : goal
                ? t('dialog.saveChanges')
                : t('dialog.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
