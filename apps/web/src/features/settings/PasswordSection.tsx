import { PASSWORD_MIN_LENGTH } from '@healthfolio/core/defaults';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toApiError } from '../../lib/api';
import { toStoredSession, writeSession } from '../auth/session-store';
import { TextInput } from '../forms/TextInput';
import { changePassword } from './settings-api';
import { SettingsSection } from './SettingsSection';

const WEAK_PASSWORD = 'Password should be at least 6 characters';
const messages: Record<string, string> = {
  'auth/wrong-password': 'Incorrect password',
  'auth/weak-password': WEAK_PASSWORD,
  'auth/too-many-requests': 'Too many requests. Please try again later',
};

function changeErrorMessage(error: unknown): string {
  const { code, message } = toApiError(error);
  if (code === 'auth/weak-password') return message || WEAK_PASSWORD;
  return (
    messages[code] ?? (code === 'network' ? message : 'Could not change the password. Please try again.')
  );
}

/** Changes the password. The server signs out every other session and answers with a new one for us. */
export function PasswordSection({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [status, setStatus] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (next.length < PASSWORD_MIN_LENGTH) return setStatus({ severity: 'error', text: WEAK_PASSWORD });
    setStatus(null);
    setSubmitting(true);
    try {
      writeSession(toStoredSession(await changePassword(current, next)));
      setCurrent('');
      setNext('');
      setStatus({ severity: 'success', text: 'Password changed. Other sessions were signed out.' });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    } catch (error) {
      setStatus({ severity: 'error', text: changeErrorMessage(error) });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <SettingsSection title="Password">
      <form onSubmit={(event) => void submit(event)} noValidate>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" autoComplete="username" hidden readOnly value={email} />
        <Stack spacing={2}>
          {status && <Alert severity={status.severity}>{status.text}</Alert>}
          <TextInput
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
            required
          />
          <TextInput
            label="New password"
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={setNext}
            helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
            required
          />
          <div>
            <Button type="submit" variant="contained" disabled={submitting}>
              Change password
            </Button>
          </div>
        </Stack>
      </form>
    </SettingsSection>
  );
}
