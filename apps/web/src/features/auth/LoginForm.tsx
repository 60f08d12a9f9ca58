import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { MfaChallenge } from '@healthfolio/core';
import { Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../forms/TextInput';
import { Link as RouterLink } from 'react-router';
import { useAuth } from './auth-context';
import { authErrorFrom } from './auth-errors';
import { PageSpinner } from '../layout/PageSpinner';
import { lazyPage } from '../../app/chunk-load';
import { PasskeySignInButton } from './PasskeySignInButton';

// The second step comes only after a right password for an account with a second factor: its code (and
// the authenticator set-up it may need) loads then, not with /login.
const MfaStep = lazyPage('MfaStep', () => import('./MfaStep'), 'MfaStep');

/**
 * Email and password sign-in, then the second step when one is due; or a passkey alone. On success the
 * route guard moves the user on.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const pending = await signIn(email.trim(), password);
      if (pending) {
        setChallenge(pending);
        setPassword('');
        setSubmitting(false);
      }
    } catch (caught) {
      setError(authErrorFrom('login', caught));
      setSubmitting(false);
    }
  };

  if (challenge)
    return (
      <Suspense fallback={<PageSpinner />}>
        <MfaStep challenge={challenge} onCancel={() => setChallenge(null)} />
      </Suspense>
    );

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
      <TextInput
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        required
      />
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        {t('login.submit')}
      </Button>
      <Link component={RouterLink} to="/forgot-password" variant="body2">
        {t('login.forgot')}
      </Link>
      <Divider>{t('login.or')}</Divider>
      <PasskeySignInButton />
    </Stack>
  );
}
