import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from '../features/auth/AuthCard';
import { authErrorFrom } from '../features/auth/auth-errors';
import { confirmEmailVerification } from '../features/auth/identity-api';
import { useDocumentTitle } from '../features/layout';

export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('verify.documentTitle'));
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const queryClient = useQueryClient();
  // A query, not an effect, so StrictMode's double mount confirms the one-time code only once.
  const result = useQuery({
    queryKey: ['verify-email', code],
    queryFn: async () => {
      await confirmEmailVerification(code);
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
      return true;
    },
    enabled: code !== '',
    retry: false,
    staleTime: Infinity,
  });

  return (
    <AuthCard title={t('verify.title')}>
      <Stack spacing={2}>
        {!code && <Alert severity="error">{t('verify.incomplete')}</Alert>}
        {code && result.isPending && <CircularProgress aria-label={t('verify.verifying')} />}
        {result.isSuccess && <Alert severity="success">{t('verify.done')}</Alert>}
        {result.isError && <Alert severity="error">{authErrorFrom('verifyEmail', result.error)}</Alert>}
        <Link component={RouterLink} to="/dashboard">
          {t('verify.continue')}
        </Link>
      </Stack>
    </AuthCard>
  );
}
