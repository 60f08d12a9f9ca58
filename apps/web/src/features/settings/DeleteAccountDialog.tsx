import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearSession } from '../auth/session-store';
import { TextInput } from '../forms/TextInput';
import { deleteAccount } from './settings-api';

/** Asks for the email before deleting the account, naming everything that goes with it. */
export function DeleteAccountDialog({
  email,
  open,
  onClose,
}: {
  email: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmed = typed.trim().toLowerCase() === email.toLowerCase();

  const close = () => {
    if (deleting) return;
    setTyped('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    setDeleting(true);
    setError(null);
    try {
      await deleteAccount();
    } catch {
      setError(t('deleteAccount.failed'));
      setDeleting(false);
      return;
    }
    // Every session died with the account; end this one here without asking the server.
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('deleteAccount.dialogTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText component="div">
            {t('deleteAccount.intro')}
            <ul>
              <li>{t('deleteAccount.profile')}</li>
              <li>{t('deleteAccount.healthData')}</li>
              <li>{t('deleteAccount.files')}</li>
            </ul>
            <Trans t={t} i18nKey="deleteAccount.warning" components={{ strong: <strong /> }} />
          </DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
          <div style={{ marginTop: 16 }}>
            <TextInput
              label={t('deleteAccount.typeEmail')}
              type="email"
              autoComplete="off"
              value={typed}
              onChange={setTyped}
              helperText={email}
            />
          </div>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={deleting}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={!confirmed || deleting}>
            {t('deleteAccount.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
