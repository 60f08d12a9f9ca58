import type { UserProfile } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth';
import { authErrorFrom } from '../auth/auth-errors';
import { TextInput } from '../forms/TextInput';
import { writeProfile } from './profile-writes';
import { SettingsSection } from './SettingsSection';
import type { SettingsFeedback } from './use-settings-saver';

interface Status {
  severity: 'success' | 'error';
  text: string;
}

/** Name (editable), email, and whether the email is verified, with a resend button when it is not. */
export function ProfileSection({
  profile,
  onFeedback,
}: {
  profile: UserProfile;
  onFeedback: (feedback: SettingsFeedback) => void;
}) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const { sendVerificationEmail } = useAuth();
  const [name, setName] = useState(profile.name);
  const [saving, setSaving] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [verification, setVerification] = useState<Status | null>(null);
  const [sending, setSending] = useState(false);

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(t('profile.nameRequired'));
    setNameError(null);
    setSaving(true);
    try {
      await writeProfile(queryClient, profile.id, { name: trimmed });
      onFeedback({ severity: 'success', text: t('feedback.saved') });
    } catch {
      onFeedback({ severity: 'error', text: t('profile.saveFailed') });
    } finally {
      setSaving(false);
    }
  };

  const resend = async () => {
    setSending(true);
    try {
      await sendVerificationEmail();
      setVerification({ severity: 'success', text: t('profile.verificationSent') });
    } catch (error) {
      setVerification({ severity: 'error', text: authErrorFrom('verification', error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <SettingsSection title={t('profile.title')}>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
        onSubmit={(event) => void saveName(event)}
        noValidate
      >
        <TextInput
          label={t('profile.name')}
          autoComplete="name"
          value={name}
          onChange={setName}
          error={nameError !== null}
          helperText={nameError ?? undefined}
        />
        <Button type="submit" variant="outlined" disabled={saving} sx={{ minHeight: 56, flexShrink: 0 }}>
          {t('profile.saveName')}
        </Button>
      </Stack>
      <div>
        <Typography variant="body2" color="text.secondary">
          {t('profile.email')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{profile.email}</Typography>
          {profile.emailVerified ? (
            <Chip size="small" color="success" label={t('profile.verified')} />
          ) : (
            <Chip size="small" color="warning" label={t('profile.notVerified')} />
          )}
        </Stack>
      </div>
      {!profile.emailVerified && (
        <div>
          <Button variant="outlined" disabled={sending} onClick={() => void resend()}>
            {t('profile.resend')}
          </Button>
        </div>
      )}
      {verification && (
        <Alert severity={verification.severity} role={verification.severity === 'error' ? 'alert' : 'status'}>
          {verification.text}
        </Alert>
      )}
    </SettingsSection>
  );
}
