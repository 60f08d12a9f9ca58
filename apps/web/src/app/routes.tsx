import { Navigate, type RouteObject } from 'react-router';
import { RedirectIfAuthenticated, RequireAuth } from '../features/auth';
import { PublicLayout } from '../features/layout';
import { isDevMode, isSignupEnabled } from './flags';
import * as Pages from './pages';

/** SPEC §2 routes. */
export function createRoutes(): RouteObject[] {
  const landing = isDevMode() ? (
    <Pages.LandingPage />
  ) : (
    <RedirectIfAuthenticated>
      <Pages.LandingPage />
    </RedirectIfAuthenticated>
  );
  const signup = isSignupEnabled() ? <Pages.SignupPage /> : <Navigate replace to="/waitlist" />;

  return [
    {
      children: [
        {
          element: <PublicLayout />,
          children: [
            { path: '/', element: landing },
            {
              path: '/login',
              element: (
                <RedirectIfAuthenticated>
                  <Pages.LoginPage />
                </RedirectIfAuthenticated>
              ),
            },
            { path: '/signup', element: signup },
            {
              path: '/waitlist',
              element: (
                <RedirectIfAuthenticated>
                  <Pages.WaitlistPage />
                </RedirectIfAuthenticated>
              ),
            },
            { path: '/about', element: <Pages.AboutPage /> },
            { path: '/auth-test', element: <Pages.AuthTestPage /> },
            { path: '/oauth/callback', element: <Pages.OAuthCallbackPage /> },
            { path: '/oauth-success', element: <Pages.OAuthSuccessPage /> },
            { path: '/oauth-error', element: <Pages.OAuthErrorPage /> },
            { path: '/forgot-password', element: <Pages.ForgotPasswordPage /> },
            { path: '/reset-password', element: <Pages.ResetPasswordPage /> },
            { path: '/verify-email', element: <Pages.VerifyEmailPage /> },
            { path: '*', element: <Pages.NotFoundPage /> },
          ],
        },
        // A share's recipient: no account, no app chrome, printable (issue 23).
        { path: '/s/:token', element: <Pages.SharePage /> },
        {
          element: <RequireAuth />,
          children: [
            // A report as a printable page, without the app's navigation (issue 23).
            { path: '/reports/:id', element: <Pages.ReportPrintPage /> },
            {
              element: <Pages.AppLayout />,
              children: [
                { path: '/dashboard', element: <Pages.DashboardPage /> },
                { path: '/metrics/:kind', element: <Pages.MetricPage /> },
                { path: '/data-sources', element: <Pages.DataSourcesPage /> },
                { path: '/workouts', element: <Pages.WorkoutsPage /> },
                { path: '/workouts/:id', element: <Pages.WorkoutDetailPage /> },
                { path: '/insights', element: <Pages.InsightsPage /> },
                { path: '/goals', element: <Pages.GoalsPage /> },
                { path: '/reports', element: <Pages.ReportsPage /> },
                { path: '/settings', element: <Pages.SettingsPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
