import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../features/auth/AuthCard';
import { ForgotPasswordForm } from '../features/auth/ForgotPasswordForm';
import { useDocumentTitle } from '../features/layout';

export function ForgotPasswordPage() {
  useDocumentTitle('Reset password');
  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter your email and we will send you a link to set a new one."
    >
      <ForgotPasswordForm />
      <Link component={RouterLink} to="/login" variant="body2" sx={{ display: 'inline-block', mt: 2 }}>
        Back to sign in
      </Link>
    </AuthCard>
  );
}
