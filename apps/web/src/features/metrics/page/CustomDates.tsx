import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validCustom } from './period';

/** Custom dates: from and to (both included); a readable sentence when they do not make a period. */
export function CustomDates({
  from,
  to,
  onApply,
}: {
  from: string;
  to: string;
  onApply: (from: string, to: string) => void;
}) {
  const { t } = useTranslation('metrics');
  const [start, setStart] = useState(from);
  const [end, setEnd] = useState(to);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!validCustom(start, end)) return setError(t('range.invalid'));
    setError(null);
    onApply(start, end);
  };
  return (
    <Stack
      component="form"
      onSubmit={submit}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', mb: 2 }}
    >
      <TextField
        type="date"
        size="small"
        label={t('range.from')}
        value={start}
        onChange={(e) => setStart(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        error={error !== null}
        helperText={error ?? undefined}
      />
      <TextField
        type="date"
        size="small"
        label={t('range.to')}
        value={end}
        onChange={(e) => setEnd(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button type="submit" variant="outlined">
        {t('common:actions.show')}
      </Button>
    </Stack>
  );
}
