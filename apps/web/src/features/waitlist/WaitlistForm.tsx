import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../forms/TextInput';
import { apiErrorMessage } from '../../lib/api';
import { isValidEmail } from '../../lib/email';
import { joinWaitlist, type WaitlistEntry } from './waitlist-api';

export function WaitlistForm() {
  const { t } = useTranslation('public');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [joined, setJoined] = useState<WaitlistEntry | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!isValidEmail(email)) return setEmailError(t('waitlist.invalidEmail'));
    setEmailError(null);
    setSubmitting(true);
    try {
      setJoined(await joinWaitlist(email.trim(), name.trim() || undefined));
    } catch (caught) {
      setServerError(apiErrorMessage(caught, t));
    } finally {
      setSubmitting(false);
    }
  };

  if (joined) {
    return <Alert severity="success">{t('waitlist.joined', { email: joined.email })}</Alert>;
  }

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <TextInput
        label={t('waitlist.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={emailError !== null}
        helperText={emailError ?? ' '}
        required
        autoFocus
      />
      <TextInput label={t('waitlist.name')} autoComplete="name" value={name} onChange={setName} />
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        {t('waitlist.submit')}
      </Button>
    </Stack>
  );
}
