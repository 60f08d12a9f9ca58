import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../forms/TextInput';
import { isValidEmail } from '../../lib/email';
import { authErrorFrom, authErrorMessage } from './auth-errors';
import { requestPasswordReset } from './identity-api';

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) return setError(authErrorMessage('passwordReset', 'auth/invalid-email'));
    setError(null);
    setSubmitting(true);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (caught) {
      setError(authErrorFrom('passwordReset', caught));
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) return <Alert severity="success">{t('forgot.sent')}</Alert>;

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {error && <Alert severity="error">{error}</Alert>}
      <TextInput
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        required
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        {t('forgot.submit')}
      </Button>
    </Stack>
  );
}
