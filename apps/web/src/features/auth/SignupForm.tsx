import { PASSWORD_MIN_LENGTH } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../forms/TextInput';
import { useNavigate } from 'react-router';
import { isValidEmail } from '../../lib/email';
import { useAuth } from './auth-context';
import { authErrorFrom, authErrorMessage } from './auth-errors';

/** SPEC §4 sign-up: create the account, keep the session, complete the registration with the name. */
export function SignupForm() {
  const { t } = useTranslation('auth');
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) return setError(authErrorMessage('signup', 'auth/invalid-email'));
    if (password.length < PASSWORD_MIN_LENGTH)
      return setError(authErrorMessage('signup', 'auth/weak-password'));
    setError(null);
    setSubmitting(true);
    try {
      await signUp(email.trim(), password, name.trim());
      navigate('/dashboard', { replace: true });
    } catch (caught) {
      setError(authErrorFrom('signup', caught));
      setSubmitting(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {error && <Alert severity="error">{error}</Alert>}
      <TextInput label={t('fields.name')} autoComplete="name" value={name} onChange={setName} required />
      <TextInput
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        required
      />
      <TextInput
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        helperText={t('fields.passwordHint', { count: PASSWORD_MIN_LENGTH })}
        required
      />
      <Button type="submit" variant="contained" size="large" disabled={submitting || !name.trim()}>
        {t('signup.submit')}
      </Button>
    </Stack>
  );
}
