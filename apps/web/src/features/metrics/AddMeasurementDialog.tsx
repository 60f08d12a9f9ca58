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
import { getMetric } from '@healthfolio/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api';
import { defaultUnit, unitOptions } from './entry/entry-kinds';
import { buildEntryRequest, toLocalInput, type EntryForm } from './entry/entry-request';
import { KindSelect } from './entry/KindSelect';
import { ValueFields } from './entry/ValueFields';
import { browserTimeZone, useAddMeasurement } from './queries';
import { useUnitSystem } from './use-unit-system';

interface AddMeasurementDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

const emptyForm = (): EntryForm => ({
  kind: '',
  value: '',
  systolic: '',
  diastolic: '',
  unit: '',
  at: toLocalInput(new Date()),
  notes: '',
});

/** Manual entry: works without any source. The server judges plausibility; its message is shown here. */
export function AddMeasurementDialog({ open, onClose, onSaved }: AddMeasurementDialogProps) {
  const { t } = useTranslation('metrics');
  const system = useUnitSystem();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [form, setForm] = useState(emptyForm);
  const [error, setError] = useState<string | null>(null);
  const add = useAddMeasurement();
  const isPair = getMetric(form.kind)?.valueType === 'pair';
  const change = (changes: Partial<EntryForm>) => setForm((f) => ({ ...f, ...changes }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = buildEntryRequest(form, isPair, browserTimeZone());
    if ('error' in checked) return setError(checked.error);
    setError(null);
    add.add(checked.request).then(
      () => {
        setForm(emptyForm());
        onSaved();
      },
      (e: unknown) => setError(toApiError(e).message),
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="add-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-title">{t('entry.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <KindSelect
              value={form.kind}
              onChange={(kind) => change({ kind, unit: defaultUnit(kind, system) })}
            />
            {form.kind && (
              <ValueFields form={form} isPair={isPair} units={unitOptions(form.kind)} onChange={change} />
            )}
            <TextField
              type="datetime-local"
              label={t('entry.dateTime')}
              required
              value={form.at}
              onChange={(e) => change({ at: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label={t('entry.notes')}
              multiline
              minRows={2}
              value={form.notes}
              onChange={(e) => change({ notes: e.target.value })}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            {add.isPending ? t('common:status.saving') : t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
