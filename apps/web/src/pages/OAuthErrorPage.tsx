import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from '../features/auth/AuthCard';
import { useDocumentTitle } from '../features/layout';

export function OAuthErrorPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('oauth.failedTitle'));
  const [params] = useSearchParams();
  const message = params.get('message') || t('common:oauth.failed');
  return (
    <AuthCard title={t('oauth.failedTitle')}>
      <Alert severity="error" sx={{ mb: 2 }}>
        {message}
      </Alert>
      <Button component={RouterLink} to="/data-sources" variant="contained">
        {t('oauth.back')}
      </Button>
    </AuthCard>
  );
}
