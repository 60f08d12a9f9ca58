import type { UserSettings } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';
import { PushNotificationSwitch } from './PushNotificationSwitch';
import { SettingsSection } from './SettingsSection';
import { SwitchList, type SwitchOption } from './SwitchList';
import type { SaveSettings } from './use-settings-saver';

type Notifications = UserSettings['notifications'];

// What each switch does: insight alerts and goal reminders go by email (with email notifications on) and to
// every browser subscribed to push notifications (modules/push on the server).
const channels = ['emailNotifications'] as const;
const topics = ['insightAlerts', 'goalReminders'] as const;

export function NotificationsSection({ values, save }: { values: Notifications; save: SaveSettings }) {
  const { t } = useTranslation('settings');
  const options = <K extends string>(keys: readonly K[]): SwitchOption<K>[] =>
    keys.map((key) => {
      const name: string = key;
      return {
        key,
        label: t(`notifications.${name}.label`),
        description: t(`notifications.${name}.description`),
      };
    });
  const change = (key: keyof Notifications, value: boolean) => void save({ notifications: { [key]: value } });
  return (
    <SettingsSection title={t('notifications.title')}>
      <SwitchList options={options(channels)} values={values} onChange={change} />
      <PushNotificationSwitch enabled={values.pushNotifications} save={save} />
      <SwitchList options={options(topics)} values={values} onChange={change} />
    </SettingsSection>
  );
}
