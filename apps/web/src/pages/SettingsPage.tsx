import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../features/auth';
import { useDocumentTitle } from '../features/layout';
import { ApiAccessSection } from '../features/settings/ApiAccessSection';
import { SessionsSection } from '../features/settings/SessionsSection';
import {
  DataSharingSection,
  NotificationsSection,
  PasswordSection,
  PreferencesSection,
  PrivacySection,
  ProfileSection,
  SandboxDataSection,
  SecurityActivitySection,
  SecuritySection,
  SettingsSnackbar,
  SourcePrioritySection,
  useSettingsSaver,
  WebhooksSection,
  YourDataSection,
} from '../features/settings';
import { SharingSection } from '../features/shares';
import { CaregiversSection } from '../features/caregivers';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('title'));
  const { profile } = useAuth();
  const { save, feedback, setFeedback } = useSettingsSaver();

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      {profile && (
        <Stack spacing={3} sx={{ maxWidth: 760 }}>
          <ProfileSection key={profile.id} profile={profile} onFeedback={setFeedback} />
          <PasswordSection email={profile.email} />
          <SecuritySection />
          <SessionsSection />
          <NotificationsSection values={profile.settings.notifications} save={save} />
          <PrivacySection values={profile.settings.privacy} save={save} />
          <DataSharingSection values={profile.settings.dataSharing} save={save} />
          <SharingSection settings={profile.settings} />
          <CaregiversSection />
          <PreferencesSection values={profile.settings.preferences} save={save} />
          <SandboxDataSection value={profile.settings.preferences.includeSandboxData} save={save} />
          <SourcePrioritySection onFeedback={setFeedback} />
          <SecurityActivitySection userId={profile.id} />
          <ApiAccessSection />
          <WebhooksSection />
          <YourDataSection email={profile.email} />
        </Stack>
      )}
      <SettingsSnackbar feedback={feedback} onClose={() => setFeedback(null)} />
    </>
  );
}
