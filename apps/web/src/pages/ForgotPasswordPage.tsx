import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../features/auth/AuthCard';
import { ForgotPasswordForm } from '../features/auth/ForgotPasswordForm';
import { useDocumentTitle } from '../features/layout';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.documentTitle'));
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <ForgotPasswordForm />
      <Link component={RouterLink} to="/login" variant="body2" sx={{ display: 'inline-block', mt: 2 }}>
        {t('forgot.back')}
      </Link>
    </AuthCard>
  );
}
