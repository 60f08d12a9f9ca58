import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../layout/PageSpinner';
import { useAuth } from './auth-context';

/** Guards the protected routes of SPEC §2. */
export function RequireAuth() {
  const { t } = useTranslation('common');
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <div role="status">{t('status.loadingAuth')}</div>;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location }} />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
