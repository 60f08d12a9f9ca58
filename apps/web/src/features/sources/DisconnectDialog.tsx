import type { DataSource } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api';
import { sourceName } from './source-text';
import type { DisconnectResult } from './sources-api';

interface DisconnectDialogProps {
  source: DataSource;
  pending: boolean;
  onDisconnect: (deleteData: boolean) => Promise<DisconnectResult>;
  onClose: () => void;
  onDisconnected: (result: DisconnectResult) => void;
}

/**
 * Asks before disconnecting whether to keep what the source brought or delete it. A sandbox connection's
 * data is generated, so deleting it is the default there (the server does the same when not asked).
 */
export function DisconnectDialog({
  source,
  pending,
  onDisconnect,
  onClose,
  onDisconnected,
}: DisconnectDialogProps) {
  const { t } = useTranslation('sources');
  const name = sourceName(source);
  const titleId = useId();
  const choiceId = useId();
  const [choice, setChoice] = useState<'keep' | 'delete'>(source.sandbox ? 'delete' : 'keep');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    onDisconnect(choice === 'delete').then(onDisconnected, (e: unknown) => setError(toApiError(e).message));
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('disconnect.title', { name })}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText sx={{ mb: 2 }}>
          {t(source.sandbox ? 'disconnect.bodySandbox' : 'disconnect.body', { name })}
        </DialogContentText>
        {source.sandbox && (
          <DialogContentText sx={{ mb: 2 }}>{t('disconnect.sandboxData', { name })}</DialogContentText>
        )}
        <FormControl>
          <FormLabel id={choiceId}>{t('disconnect.what', { name })}</FormLabel>
          <RadioGroup
            aria-labelledby={choiceId}
            value={choice}
            onChange={(e) => setChoice(e.target.value === 'delete' ? 'delete' : 'keep')}
          >
            <FormControlLabel value="keep" control={<Radio />} label={t('disconnect.keep')} />
            <FormControlLabel value="delete" control={<Radio />} label={t('disconnect.delete', { name })} />
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          variant="contained"
          color={choice === 'delete' ? 'error' : 'primary'}
          onClick={confirm}
          disabled={pending}
        >
          {pending ? t('disconnect.disconnecting') : t('card.disconnect')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
