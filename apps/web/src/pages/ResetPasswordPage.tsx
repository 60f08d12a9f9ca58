import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from '../features/auth/AuthCard';
import { ResetPasswordForm } from '../features/auth/ResetPasswordForm';
import { useDocumentTitle } from '../features/layout';

export function ResetPasswordPage() {
  useDocumentTitle('Set a new password');
  const [params] = useSearchParams();
  const code = params.get('code');
  return (
    <AuthCard title="Set a new password">
      {code ? (
        <ResetPasswordForm code={code} />
      ) : (
        <Alert severity="error">
          This reset link is incomplete.{' '}
          <Link component={RouterLink} to="/forgot-password">
            Request a new one
          </Link>
          .
        </Alert>
      )}
    </AuthCard>
  );
}
