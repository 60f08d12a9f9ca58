import type { UserSettings } from '@healthfolio/core';
import { SettingsSection } from './SettingsSection';
import { SwitchList, type SwitchOption } from './SwitchList';
import type { SaveSettings } from './use-settings-saver';

type Notifications = UserSettings['notifications'];

const options: readonly SwitchOption<keyof Notifications>[] = [
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    description: 'News about your account by email.',
  },
  { key: 'pushNotifications', label: 'Push notifications', description: 'Alerts on this device.' },
  { key: 'insightAlerts', label: 'Insight alerts', description: 'Tell me when a new insight is found.' },
  { key: 'goalReminders', label: 'Goal reminders', description: 'Remind me of the goals I set.' },
];

export function NotificationsSection({ values, save }: { values: Notifications; save: SaveSettings }) {
  return (
    <SettingsSection title="Notifications">
      <SwitchList
        options={options}
        values={values}
        onChange={(key, value) => void save({ notifications: { [key]: value } })}
      />
    </SettingsSection>
  );
}
