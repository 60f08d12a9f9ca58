import { PASSWORD_MIN_LENGTH } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../forms/TextInput';
import { Link as RouterLink } from 'react-router';
import { authErrorFrom, authErrorMessage } from './auth-errors';
import { confirmPasswordReset } from './identity-api';

export function ResetPasswordForm({ code }: { code: string }) {
  const { t } = useTranslation('auth');
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
        <Alert severity="success">{t('reset.done')}</Alert>
        <Link component={RouterLink} to="/login">
          {t('reset.signIn')}
        </Link>
      </Stack>
    );
  }

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {error && <Alert severity="error">{error}</Alert>}
      <TextInput
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        helperText={t('fields.passwordHint', { count: PASSWORD_MIN_LENGTH })}
        required
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        {t('reset.submit')}
      </Button>
    </Stack>
  );
}
