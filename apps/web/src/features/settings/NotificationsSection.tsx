import type { UserSettings } from '@healthfolio/core';
import { PushNotificationSwitch } from './PushNotificationSwitch';
import { SettingsSection } from './SettingsSection';
import { SwitchList, type SwitchOption } from './SwitchList';
import type { SaveSettings } from './use-settings-saver';

type Notifications = UserSettings['notifications'];

// What each switch does: insight alerts and goal reminders go by email (with email notifications on) and to
// every browser subscribed to push notifications (modules/push on the server).
const channels: readonly SwitchOption<'emailNotifications'>[] = [
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    description: 'The alerts and reminders below, by email.',
  },
];
const topics: readonly SwitchOption<'insightAlerts' | 'goalReminders'>[] = [
  {
    key: 'insightAlerts',
    label: 'Insight alerts',
    description: 'Tell me when a new warning is found in my data.',
  },
  {
    key: 'goalReminders',
    label: 'Goal reminders',
    description: 'Each morning, remind me of the daily goals I missed yesterday.',
  },
];

export function NotificationsSection({ values, save }: { values: Notifications; save: SaveSettings }) {
  const change = (key: keyof Notifications, value: boolean) => void save({ notifications: { [key]: value } });
  return (
    <SettingsSection title="Notifications">
      <SwitchList options={channels} values={values} onChange={change} />
      <PushNotificationSwitch enabled={values.pushNotifications} save={save} />
      <SwitchList options={topics} values={values} onChange={change} />
    </SettingsSection>
  );
}
