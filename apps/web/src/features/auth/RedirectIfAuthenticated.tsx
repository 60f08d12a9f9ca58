import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './auth-context';
import { redirectTarget } from './redirect-target';

/** Public pages that signed-in users skip (SPEC §4): /login, /waitlist and, outside dev mode, /. */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <div role="status">{t('status.loadingAuth')}</div>;
  if (isAuthenticated) return <Navigate to={redirectTarget(location.state)} replace />;
  return children;
}
