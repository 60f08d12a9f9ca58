import { PASSWORD_MIN_LENGTH } from '@healthfolio/core/defaults';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api';
import { toStoredSession, writeSession } from '../auth/session-store';
import { TextInput } from '../forms/TextInput';
import { changePassword } from './settings-api';
import { SettingsSection } from './SettingsSection';

const messages: Record<string, string> = {
  'auth/wrong-password': 'password.errors.wrongPassword',
  'auth/weak-password': 'password.errors.weak',
  'auth/too-many-requests': 'password.errors.tooManyRequests',
};

function changeErrorMessage(error: unknown, t: TFunction<'settings'>): string {
  const { code, message } = toApiError(error);
  const key = messages[code];
  if (key) return t(key, { count: PASSWORD_MIN_LENGTH });
  return code === 'network' ? message : t('password.errors.failed');
}

/** Changes the password. The server signs out every other session and answers with a new one for us. */
export function PasswordSection({ email }: { email: string }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [status, setStatus] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (next.length < PASSWORD_MIN_LENGTH)
      return setStatus({
        severity: 'error',
        text: t('password.errors.weak', { count: PASSWORD_MIN_LENGTH }),
      });
    setStatus(null);
    setSubmitting(true);
    try {
      writeSession(toStoredSession(await changePassword(current, next)));
      setCurrent('');
      setNext('');
      setStatus({ severity: 'success', text: t('password.changed') });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    } catch (error) {
      setStatus({ severity: 'error', text: changeErrorMessage(error, t) });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <SettingsSection title={t('password.title')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" autoComplete="username" hidden readOnly value={email} />
        <Stack spacing={2}>
          {status && <Alert severity={status.severity}>{status.text}</Alert>}
          <TextInput
            label={t('password.current')}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
            required
          />
          <TextInput
            label={t('password.new')}
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={setNext}
            helperText={t('password.minLength', { count: PASSWORD_MIN_LENGTH })}
            required
          />
          <div>
            <Button type="submit" variant="contained" disabled={submitting}>
              {t('password.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </SettingsSection>
  );
}
