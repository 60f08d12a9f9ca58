import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { TextInput } from '../forms/TextInput';
import { Link as RouterLink } from 'react-router';
import { useAuth } from './auth-context';
import { authErrorFrom } from './auth-errors';

/** Email and password sign-in; on success the route guard moves the user on. */
export function LoginForm() {
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await signIn(email.trim(), password);
    } catch (caught) {
      setError(authErrorFrom('login', caught));
      setSubmitting(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {error && <Alert severity="error">{error}</Alert>}
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        required
        autoFocus
      />
      <TextInput
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        required
      />
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        Sign in
      </Button>
      <Link component={RouterLink} to="/forgot-password" variant="body2">
        Forgot password?
      </Link>
    </Stack>
  );
}
