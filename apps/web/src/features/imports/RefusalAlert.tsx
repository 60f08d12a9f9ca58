import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import { formatName } from './format-name';
import type { Refusal } from './imports-api';

/** A file the server would not take: its message, and for an unknown format the formats it reads. */
export function RefusalAlert({ refusal, onClose }: { refusal: Refusal; onClose: () => void }) {
  const { t } = useTranslation('imports');
  // The server's 415 message may already name them (in English); say each only once.
  const named = refusal.formats.every((f) => refusal.message.includes(f.label));
  const labels = refusal.formats.map((f) => formatName(t, f));
  return (
    <Alert severity="error" onClose={onClose}>
      <AlertTitle>{t('refusal.title')}</AlertTitle>
      {refusal.message}
      {labels.length > 0 && !named && ` ${t('refusal.weRead', { formats: labels.join(', ') })}`}
    </Alert>
  );
}
