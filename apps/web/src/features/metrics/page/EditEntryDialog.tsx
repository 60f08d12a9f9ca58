import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  displayUnitFor,
  formatForDisplay,
  getMetric,
  type SampleItem,
  type UnitSystem,
} from '@healthfolio/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../../lib/api';
import { parseNumber, toIsoWithOffset, toLocalInput } from '../entry/entry-request';
import { useEditEntry } from '../queries';
import { unitWord } from '../words';

const shown = (kind: string, v: number | undefined, system: UnitSystem) =>
  v === undefined ? '' : String(Number(formatForDisplay(kind, v, system).value.toFixed(2)));

/** Changes a manual entry's value and time, in the person's units; the server judges plausibility. */
export function EditEntryDialog({
  entry,
  system,
  onClose,
}: {
  entry: SampleItem;
  system: UnitSystem;
  onClose: () => void;
}) {
  const { t } = useTranslation('metrics');
  const metric = getMetric(entry.type);
  const pair = metric?.valueType === 'pair';
  const spec = displayUnitFor(entry.type, system);
  const [value, setValue] = useState(() => shown(entry.type, entry.value, system));
  const [diastolic, setDiastolic] = useState(() => shown(entry.type, entry.diastolic, system));
  const [at, setAt] = useState(() => toLocalInput(new Date(entry.start)));
  const [error, setError] = useState<string | null>(null);
  const edit = useEditEntry();
  const unitLabel = spec?.unit ? ` (${unitWord(spec.unit)})` : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const first = parseNumber(value);
    const second = parseNumber(diastolic);
    const when = new Date(at);
    if (first === undefined || (pair && second === undefined)) return setError(t('entry.errors.value'));
    if (!at || Number.isNaN(when.getTime())) return setError(t('entry.errors.when'));
    const body = {
      start: toIsoWithOffset(when),
      ...(spec ? { unit: spec.unitCode } : {}),
      ...(pair ? { systolic: first, diastolic: second } : { value: first }),
    };
    edit.update(entry.id, body).then(onClose, (e: unknown) => setError(toApiError(e).message));
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="edit-entry-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="edit-entry-title">{t('entries.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label={`${pair ? t('entry.systolic') : t('entry.value')}${unitLabel}`}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              autoFocus
            />
            {pair && (
              <TextField
                label={`${t('entry.diastolic')}${unitLabel}`}
                value={diastolic}
                onChange={(e) => setDiastolic(e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            )}
            <TextField
              type="datetime-local"
              label={t('entries.when')}
              value={at}
              onChange={(e) => setAt(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={edit.isPending}>
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
