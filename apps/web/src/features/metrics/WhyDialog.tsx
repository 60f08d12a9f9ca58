import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UnitSystem } from '@healthfolio/core';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api';
import { formatValue } from './format';
import { useMetricsWhy } from './queries';
import { WhyTable } from './WhyTable';

/** "Why this number?": for one day's total, which source was counted for which part of the day. */
export function WhyDialog({
  item,
  day,
  system,
  onClose,
}: {
  item: { type: string; label: string };
  /** The day first shown ("2026-11-22"). */
  day: string;
  system: UnitSystem;
  onClose: () => void;
}) {
  const { t } = useTranslation('tables');
  // A phone gets the whole screen: the stacked rows of WhyTable read down it.
  // useTheme answers MUI's default theme where none is provided (a component rendered on its own).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [date, setDate] = useState(day);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const why = useMetricsWhy(item.type, date, valid);
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="sm" aria-labelledby="why-title">
      <DialogTitle id="why-title">{t('why.title', { label: item.label })}</DialogTitle>
      <DialogContent>
        <TextField
          type="date"
          label={t('why.day')}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ mt: 1, mb: 2 }}
        />
        {why.isPending && valid && <Skeleton variant="rounded" height={120} />}
        {why.isError && <Alert severity="error">{toApiError(why.error).message}</Alert>}
        {why.data && (
          <>
            <Typography gutterBottom>
              {why.data.value === null
                ? t('why.none')
                : t('why.total', { total: formatValue(item.type, why.data.value, system) })}
            </Typography>
            {why.data.streams.length > 0 && <WhyTable why={why.data} system={system} />}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
