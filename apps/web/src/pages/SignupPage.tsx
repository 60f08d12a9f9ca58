import { AuthCard } from '../features/auth/AuthCard';
import { SignupForm } from '../features/auth/SignupForm';
import { useDocumentTitle } from '../features/layout';

/** Only routed when VITE_SIGNUP_ENABLED is 'true'; otherwise /signup redirects to /waitlist. */
export function SignupPage() {
  useDocumentTitle('Create account');
  return (
    <AuthCard title="Create your account" subtitle="Your health data, in one private place.">
      <SignupForm />
    </AuthCard>
  );
}
