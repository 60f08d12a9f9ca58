import type { MfaChallenge } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api';
import { TextInput } from '../forms/TextInput';
import { acceptSession, passkeyErrorMessage, signInWithPasskey, verifyCode } from './mfa-api';
import { TotpSetup } from './TotpSetup';

/**
 * The second sign-in step after a right password: a code from the authenticator app, a recovery code,
 * or a passkey — or, when the server requires a second factor and the account has none, setting up the
 * authenticator app first.
 */
export function MfaStep({ challenge, onCancel }: { challenge: MfaChallenge; onCancel: () => void }) {
  const { t } = useTranslation('auth');
  if (challenge.enrollmentRequired) {
    return (
      <Stack spacing={2}>
        <Alert severity="info">{t('mfa.enrollmentRequired')}</Alert>
        <TotpSetup
          challenge={challenge.challenge}
          onCancel={onCancel}
          onDone={(result) => result.session && acceptSession(result.session)}
        />
      </Stack>
    );
  }
  return <CodeStep challenge={challenge} onCancel={onCancel} />;
}

function CodeStep({ challenge, onCancel }: { challenge: MfaChallenge; onCancel: () => void }) {
  const { t } = useTranslation('auth');
  const hasTotp = challenge.methods.includes('totp');
  const hasPasskey = challenge.methods.includes('webauthn');
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      acceptSession(await verifyCode(challenge.challenge, code.trim()));
    } catch (caught) {
      setError(apiErrorMessage(caught, t));
      setBusy(false);
    }
  };

  const withPasskey = async () => {
    setError(null);
    setBusy(true);
    try {
      acceptSession(await signInWithPasskey(challenge.challenge));
    } catch (caught) {
      setError(passkeyErrorMessage(caught) ?? apiErrorMessage(caught, t));
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      <Typography variant="body2">
        {hasTotp ? (recovery ? t('mfa.recoveryPrompt') : t('mfa.codePrompt')) : t('mfa.passkeyPrompt')}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {hasTotp && (
        <TextInput
          label={recovery ? t('mfa.recoveryCode') : t('mfa.code')}
          value={code}
          onChange={setCode}
          autoComplete="one-time-code"
          autoFocus
          required
        />
      )}
      {hasTotp && (
        <Button type="submit" variant="contained" size="large" disabled={busy || code.trim().length === 0}>
          {t('mfa.verify')}
        </Button>
      )}
      {hasPasskey && (
        <Button
          variant={hasTotp ? 'outlined' : 'contained'}
          size="large"
          onClick={() => void withPasskey()}
          disabled={busy}
        >
          {t('mfa.usePasskey')}
        </Button>
      )}
      {challenge.methods.includes('recovery') && (
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(null);
          }}
        >
          {recovery ? t('mfa.useApp') : t('mfa.useRecovery')}
        </Link>
      )}
      <Link component="button" type="button" variant="body2" onClick={onCancel}>
        {t('mfa.back')}
      </Link>
    </Stack>
  );
}
