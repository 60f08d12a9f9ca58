import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from '../features/auth/AuthCard';
import { authErrorFrom } from '../features/auth/auth-errors';
import { confirmEmailVerification } from '../features/auth/identity-api';
import { useDocumentTitle } from '../features/layout';

export function VerifyEmailPage() {
  useDocumentTitle('Verify email');
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
    <AuthCard title="Verify your email">
      <Stack spacing={2}>
        {!code && <Alert severity="error">This verification link is incomplete.</Alert>}
        {code && result.isPending && <CircularProgress aria-label="Verifying" />}
        {result.isSuccess && <Alert severity="success">Your email is verified.</Alert>}
        {result.isError && <Alert severity="error">{authErrorFrom('verifyEmail', result.error)}</Alert>}
        <Link component={RouterLink} to="/dashboard">
          Continue to Healthfolio
        </Link>
      </Stack>
    </AuthCard>
  );
}
