import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { EntryForm } from './entry-request';
import type { UnitOption } from './entry-kinds';
import { UnitSelect } from './UnitSelect';

interface ValueFieldsProps {
  form: EntryForm;
  isPair: boolean;
  units: readonly UnitOption[];
  onChange: (changes: Partial<EntryForm>) => void;
}

const numberInput = { htmlInput: { inputMode: 'decimal' as const, autoComplete: 'off' } };

/** The value (or systolic and diastolic for blood pressure) and its unit. */
export function ValueFields({ form, isPair, units, onChange }: ValueFieldsProps) {
  const { t } = useTranslation('metrics');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {isPair ? (
        <>
          <TextField
            label={t('entry.systolic')}
            required
            value={form.systolic}
            onChange={(e) => onChange({ systolic: e.target.value })}
            slotProps={numberInput}
          />
          <TextField
            label={t('entry.diastolic')}
            required
            value={form.diastolic}
            onChange={(e) => onChange({ diastolic: e.target.value })}
            slotProps={numberInput}
          />
        </>
      ) : (
        <TextField
          label={t('entry.value')}
          required
          value={form.value}
          onChange={(e) => onChange({ value: e.target.value })}
          slotProps={numberInput}
          sx={{ flexGrow: 1 }}
        />
      )}
      {units.length > 0 && (
        <UnitSelect options={units} value={form.unit} onChange={(unit) => onChange({ unit })} />
      )}
    </Stack>
  );
}
