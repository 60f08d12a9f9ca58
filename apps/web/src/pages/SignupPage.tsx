import { useTranslation } from 'react-i18next';
import { AuthCard } from '../features/auth/AuthCard';
import { SignupForm } from '../features/auth/SignupForm';
import { useDocumentTitle } from '../features/layout';

/** Only routed when VITE_SIGNUP_ENABLED is 'true'; otherwise /signup redirects to /waitlist. */
export function SignupPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('signup.documentTitle'));
  return (
    <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <SignupForm />
    </AuthCard>
  );
}
