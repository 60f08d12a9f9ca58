export { AppLayout, type NavEntry } from './AppLayout';
export { LoginPage } from './LoginPage';
export { PasswordResetPages } from './PasswordResetPages';
export { WaitlistPage } from './WaitlistPage';
