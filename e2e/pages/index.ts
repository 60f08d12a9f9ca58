export { AppLayout, type NavEntry } from './AppLayout';
export { DashboardPage } from './DashboardPage';
export { LoginPage } from './LoginPage';
export { PasswordResetPages } from './PasswordResetPages';
export { SettingsPage } from './SettingsPage';
export { SourcesPage } from './SourcesPage';
export { WaitlistPage } from './WaitlistPage';
