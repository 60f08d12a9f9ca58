import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import type { Refusal } from './imports-api';

/** A file the server would not take: its message, and for an unknown format the formats it reads. */
export function RefusalAlert({ refusal, onClose }: { refusal: Refusal; onClose: () => void }) {
  const { t } = useTranslation('imports');
  const labels = refusal.formats.map((f) => f.label);
  // The server's 415 message may already name them; say each only once.
  const named = labels.every((label) => refusal.message.includes(label));
  return (
    <Alert severity="error" onClose={onClose}>
      <AlertTitle>{t('refusal.title')}</AlertTitle>
      {refusal.message}
      {labels.length > 0 && !named && ` ${t('refusal.weRead', { formats: labels.join(', ') })}`}
    </Alert>
  );
}
