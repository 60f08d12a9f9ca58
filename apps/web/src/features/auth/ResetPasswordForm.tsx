import { PASSWORD_MIN_LENGTH } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { TextInput } from '../forms/TextInput';
import { Link as RouterLink } from 'react-router';
import { authErrorFrom, authErrorMessage } from './auth-errors';
import { confirmPasswordReset } from './identity-api';

export function ResetPasswordForm({ code }: { code: string }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      return setError(authErrorMessage('passwordResetConfirm', 'auth/weak-password'));
    }
    setError(null);
    setSubmitting(true);
    try {
      await confirmPasswordReset(code, password);
      setDone(true);
    } catch (caught) {
      setError(authErrorFrom('passwordResetConfirm', caught));
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">Your password has been changed.</Alert>
        <Link component={RouterLink} to="/login">
          Sign in
        </Link>
      </Stack>
    );
  }

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {error && <Alert severity="error">{error}</Alert>}
      <TextInput
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
        required
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        Set new password
      </Button>
    </Stack>
  );
}
