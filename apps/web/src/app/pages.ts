import { lazyPage } from './chunk-load';

/** Every page is its own lazily loaded chunk, named after its file; so is the signed-in layout. */
export const AppLayout = lazyPage('AppLayout', () => import('../features/layout/AppLayout'), 'AppLayout');
export const LandingPage = lazyPage('LandingPage', () => import('../pages/LandingPage'), 'LandingPage');
export const LoginPage = lazyPage('LoginPage', () => import('../pages/LoginPage'), 'LoginPage');
export const SignupPage = lazyPage('SignupPage', () => import('../pages/SignupPage'), 'SignupPage');
export const WaitlistPage = lazyPage('WaitlistPage', () => import('../pages/WaitlistPage'), 'WaitlistPage');
export const AboutPage = lazyPage('AboutPage', () => import('../pages/AboutPage'), 'AboutPage');
export const AuthTestPage = lazyPage('AuthTestPage', () => import('../pages/AuthTestPage'), 'AuthTestPage');
export const OAuthCallbackPage = lazyPage(
  'OAuthCallbackPage',
  () => import('../pages/OAuthCallbackPage'),
  'OAuthCallbackPage',
);
export const OAuthSuccessPage = lazyPage(
  'OAuthSuccessPage',
  () => import('../pages/OAuthSuccessPage'),
  'OAuthSuccessPage',
);
export const OAuthErrorPage = lazyPage(
  'OAuthErrorPage',
  () => import('../pages/OAuthErrorPage'),
  'OAuthErrorPage',
);
export const ForgotPasswordPage = lazyPage(
  'ForgotPasswordPage',
  () => import('../pages/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
export const ResetPasswordPage = lazyPage(
  'ResetPasswordPage',
  () => import('../pages/ResetPasswordPage'),
  'ResetPasswordPage',
);
export const VerifyEmailPage = lazyPage(
  'VerifyEmailPage',
  () => import('../pages/VerifyEmailPage'),
  'VerifyEmailPage',
);
export const NotFoundPage = lazyPage('NotFoundPage', () => import('../pages/NotFoundPage'), 'NotFoundPage');
export const DashboardPage = lazyPage(
  'DashboardPage',
  () => import('../pages/DashboardPage'),
  'DashboardPage',
);
export const MetricPage = lazyPage('MetricPage', () => import('../pages/MetricPage'), 'MetricPage');
export const DataSourcesPage = lazyPage(
  'DataSourcesPage',
  () => import('../pages/DataSourcesPage'),
  'DataSourcesPage',
);
export const WorkoutsPage = lazyPage('WorkoutsPage', () => import('../pages/WorkoutsPage'), 'WorkoutsPage');
export const WorkoutDetailPage = lazyPage(
  'WorkoutDetailPage',
  () => import('../pages/WorkoutDetailPage'),
  'WorkoutDetailPage',
);
export const InsightsPage = lazyPage('InsightsPage', () => import('../pages/InsightsPage'), 'InsightsPage');
export const GoalsPage = lazyPage('GoalsPage', () => import('../pages/GoalsPage'), 'GoalsPage');
export const ReportsPage = lazyPage('ReportsPage', () => import('../pages/ReportsPage'), 'ReportsPage');
export const ReportPrintPage = lazyPage(
  'ReportPrintPage',
  () => import('../pages/ReportPrintPage'),
  'ReportPrintPage',
);
export const SettingsPage = lazyPage('SettingsPage', () => import('../pages/SettingsPage'), 'SettingsPage');
export const SharePage = lazyPage('SharePage', () => import('../pages/SharePage'), 'SharePage');
