import { AuthCard } from '../features/auth/AuthCard';
import { LoginForm } from '../features/auth/LoginForm';
import { useDocumentTitle } from '../features/layout';

export function LoginPage() {
  useDocumentTitle('Sign in');
  return (
    <AuthCard title="Sign in" subtitle="Welcome back to Healthfolio.">
      <LoginForm />
    </AuthCard>
  );
}
