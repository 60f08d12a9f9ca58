import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../features/auth';
import { PageSpinner, useDocumentTitle } from '../features/layout';
import { completeOAuth, readOAuthParams } from '../features/oauth/oauth-callback';

export function OAuthCallbackPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('oauth.connecting'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { isAuthenticated, isLoading } = useAuth();
  // A query keyed by the code, so StrictMode's double mount spends the one-time code once.
  const next = useQuery({
    queryKey: ['oauth-callback', params.toString()],
    queryFn: () => completeOAuth(readOAuthParams(params), isAuthenticated),
    // Signed in or not decides where the result is told (inside the app, or a page of its own).
    enabled: !isLoading,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  useEffect(() => {
    if (next.data) navigate(next.data, { replace: true });
  }, [next.data, navigate]);

  return <PageSpinner />;
}
