import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useAuth } from './auth-context';
import { authErrorFrom } from './auth-errors';

/** Reminds an unverified user to confirm their email, with a resend button. */
export function VerificationNotice() {
  const { profile, sendVerificationEmail } = useAuth();
  const [status, setStatus] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  if (!profile || profile.emailVerified) return null;

  const resend = async () => {
    setSending(true);
    try {
      await sendVerificationEmail();
      setStatus({ severity: 'success', text: `We sent a new verification link to ${profile.email}.` });
    } catch (error) {
      setStatus({ severity: 'error', text: authErrorFrom('verification', error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Alert
      severity={status?.severity ?? 'info'}
      action={
        <Button color="inherit" size="small" disabled={sending} onClick={() => void resend()}>
          Resend verification email
        </Button>
      }
      sx={{ mb: 2 }}
    >
      {status?.text ?? 'Please verify your email address.'}
    </Alert>
  );
}
