import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../../lib/api';
import { fetchMfaStatus, passkeyErrorMessage, stepUp, stepUpWithPasskey } from '../../auth/mfa-api';
import { TextInput } from '../../forms/TextInput';
import { installStepUp, setStepUpPrompt } from './step-up';

/**
 * "Confirm it's you": shown when a sensitive call needs a fresh factor. With an authenticator app the
 * person enters a code (or a recovery code), otherwise their password — or, with a passkey, uses it;
 * the call is then made again.
 */
export function StepUpDialog() {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [withCode, setWithCode] = useState(false);
  const [withPasskey, setWithPasskey] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    installStepUp();
    setStepUpPrompt(async () => {
      const status = await fetchMfaStatus().then(
        (answer) => answer,
        () => ({ totp: false, passkeys: 0 }),
      );
      setWithCode(status.totp);
      setWithPasskey(status.passkeys > 0);
      setValue('');
      setError(null);
      setOpen(true);
      return new Promise<boolean>((resolve) => {
        settle.current = resolve;
      });
    });
    return () => setStepUpPrompt(null);
  }, []);

  const finish = (confirmed: boolean) => {
    setOpen(false);
    settle.current?.(confirmed);
    settle.current = null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await stepUp(withCode ? { code: value.trim() } : { password: value });
      finish(true);
    } catch (caught) {
      setError(toApiError(caught).message);
    } finally {
      setBusy(false);
    }
  };

  const confirmWithPasskey = async () => {
    setBusy(true);
    setError(null);
    try {
      await stepUpWithPasskey();
      finish(true);
    } catch (caught) {
      setError(passkeyErrorMessage(caught) ?? toApiError(caught).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => !busy && finish(false)}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('stepUp.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              {withCode ? t('stepUp.withCode') : t('stepUp.withPassword')}
            </DialogContentText>
            {error && <Alert severity="error">{error}</Alert>}
            <TextInput
              label={withCode ? t('stepUp.code') : t('stepUp.password')}
              type={withCode ? 'text' : 'password'}
              autoComplete={withCode ? 'one-time-code' : 'current-password'}
              value={value}
              onChange={setValue}
              autoFocus
              required
            />
            {withPasskey && (
              <Button variant="outlined" onClick={() => void confirmWithPasskey()} disabled={busy}>
                {t('stepUp.usePasskey')}
              </Button>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => finish(false)} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || value.length === 0}>
            {t('actions.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
