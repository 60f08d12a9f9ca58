import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api';
import { acceptSession, passkeyErrorMessage, signInWithPasskey } from './mfa-api';

/** "Sign in with a passkey": no email, no password — the browser offers the passkeys it holds for this site. */
export function PasskeySignInButton() {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setError(null);
    setBusy(true);
    try {
      acceptSession(await signInWithPasskey());
    } catch (caught) {
      setError(passkeyErrorMessage(caught) ?? apiErrorMessage(caught, t));
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1}>
      {error && <Alert severity="error">{error}</Alert>}
      <Button variant="outlined" size="large" onClick={() => void go()} disabled={busy}>
        {t('mfa.continuePasskey')}
      </Button>
    </Stack>
  );
}
