import { useTranslation } from 'react-i18next';
import { AuthCard } from '../features/auth/AuthCard';
import { LoginForm } from '../features/auth/LoginForm';
import { useDocumentTitle } from '../features/layout';

export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm />
    </AuthCard>
  );
}
