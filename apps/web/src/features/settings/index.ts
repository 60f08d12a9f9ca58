// The settings page's sections; imported only by the lazily loaded SettingsPage.
export { DataSharingSection } from './DataSharingSection';
export { NotificationsSection } from './NotificationsSection';
export { PasswordSection } from './PasswordSection';
export { PreferencesSection } from './PreferencesSection';
export { PrivacySection } from './PrivacySection';
export { ProfileSection } from './ProfileSection';
export { SandboxDataSection } from './SandboxDataSection';
export { SecurityActivitySection } from './SecurityActivitySection';
export { SecuritySection } from './security/SecuritySection';
export { SettingsSnackbar } from './SettingsSnackbar';
export { SourcePrioritySection } from './SourcePrioritySection';
export { useSettingsSaver, type SaveSettings, type SettingsFeedback } from './use-settings-saver';
export { YourDataSection } from './YourDataSection';
export { WebhooksSection } from './WebhooksSection';
