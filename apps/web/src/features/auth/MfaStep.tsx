import type { MfaChallenge } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { toApiError } from '../../lib/api';
import { TextInput } from '../forms/TextInput';
import { acceptSession, passkeyErrorMessage, signInWithPasskey, verifyCode } from './mfa-api';
import { TotpSetup } from './TotpSetup';

/**
 * The second sign-in step after a right password: a code from the authenticator app, a recovery code,
 * or a passkey — or, when the server requires a second factor and the account has none, setting up the
 * authenticator app first.
 */
export function MfaStep({ challenge, onCancel }: { challenge: MfaChallenge; onCancel: () => void }) {
  if (challenge.enrollmentRequired) {
    return (
      <Stack spacing={2}>
        <Alert severity="info">
          This server requires a second step at sign-in. Set up an authenticator app to continue.
        </Alert>
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
      setError(toApiError(caught).message);
      setBusy(false);
    }
  };

  const withPasskey = async () => {
    setError(null);
    setBusy(true);
    try {
      acceptSession(await signInWithPasskey(challenge.challenge));
    } catch (caught) {
      setError(passkeyErrorMessage(caught) ?? toApiError(caught).message);
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      <Typography variant="body2">
        {hasTotp
          ? recovery
            ? 'Enter one of the recovery codes you saved when you set up two-step sign-in.'
            : 'Enter the 6-digit code from your authenticator app.'
          : 'Confirm it’s you with your passkey.'}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {hasTotp && (
        <TextInput
          label={recovery ? 'Recovery code' : 'Authentication code'}
          value={code}
          onChange={setCode}
          autoComplete="one-time-code"
          autoFocus
          required
        />
      )}
      {hasTotp && (
        <Button type="submit" variant="contained" size="large" disabled={busy || code.trim().length === 0}>
          Verify
        </Button>
      )}
      {hasPasskey && (
        <Button
          variant={hasTotp ? 'outlined' : 'contained'}
          size="large"
          onClick={() => void withPasskey()}
          disabled={busy}
        >
          Use a passkey
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
          {recovery ? 'Use the authenticator app instead' : 'Use a recovery code'}
        </Link>
      )}
      <Link component="button" type="button" variant="body2" onClick={onCancel}>
        Back to sign in
      </Link>
    </Stack>
  );
}

/** "Sign in with a passkey": no email, no password — the browser offers the passkeys it holds for this site. */
export function PasskeySignInButton() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setError(null);
    setBusy(true);
    try {
      acceptSession(await signInWithPasskey());
    } catch (caught) {
      setError(passkeyErrorMessage(caught) ?? toApiError(caught).message);
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1}>
      {error && <Alert severity="error">{error}</Alert>}
      <Button variant="outlined" size="large" onClick={() => void go()} disabled={busy}>
        Continue with a passkey
      </Button>
    </Stack>
  );
}
