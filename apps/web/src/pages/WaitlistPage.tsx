import { useTranslation } from 'react-i18next';
import { AuthCard } from '../features/auth/AuthCard';
import { useDocumentTitle } from '../features/layout';
import { WaitlistForm } from '../features/waitlist/WaitlistForm';

export function WaitlistPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('waitlist.title'));
  return (
    <AuthCard title={t('waitlist.title')} subtitle={t('waitlist.subtitle')}>
      <WaitlistForm />
    </AuthCard>
  );
}
