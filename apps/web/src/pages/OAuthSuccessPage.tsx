import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from '../features/auth/AuthCard';
import { useDocumentTitle } from '../features/layout';

export function OAuthSuccessPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('oauth.connected'));
  const [params] = useSearchParams();
  const source = params.get('source');
  return (
    <AuthCard title={t('oauth.sourceConnected')}>
      <Alert severity="success" sx={{ mb: 2 }}>
        {source ? t('oauth.nowConnected', { source }) : t('oauth.nowConnectedUnnamed')} {t('oauth.syncSoon')}
      </Alert>
      <Button component={RouterLink} to="/data-sources" variant="contained">
        {t('oauth.back')}
      </Button>
    </AuthCard>
  );
}
