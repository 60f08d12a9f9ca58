import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { TextInput } from '../forms/TextInput';
import { toApiError } from '../../lib/api';
import { isValidEmail } from '../../lib/email';
import { joinWaitlist, type WaitlistEntry } from './waitlist-api';

export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address';

export function WaitlistForm() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [joined, setJoined] = useState<WaitlistEntry | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!isValidEmail(email)) return setEmailError(INVALID_EMAIL_MESSAGE);
    setEmailError(null);
    setSubmitting(true);
    try {
      setJoined(await joinWaitlist(email.trim(), name.trim() || undefined));
    } catch (caught) {
      setServerError(toApiError(caught).message);
    } finally {
      setSubmitting(false);
    }
  };

  if (joined) {
    return (
      <Alert severity="success">
        You are on the list! We will write to {joined.email} as soon as a spot opens up.
      </Alert>
    );
  }

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={emailError !== null}
        helperText={emailError ?? ' '}
        required
        autoFocus
      />
      <TextInput label="Name (optional)" autoComplete="name" value={name} onChange={setName} />
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        Join the waitlist
      </Button>
    </Stack>
  );
}
