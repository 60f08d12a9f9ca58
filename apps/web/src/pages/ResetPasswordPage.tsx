import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from '../features/auth/AuthCard';
import { ResetPasswordForm } from '../features/auth/ResetPasswordForm';
import { useDocumentTitle } from '../features/layout';

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.title'));
  const [params] = useSearchParams();
  const code = params.get('code');
  return (
    <AuthCard title={t('reset.title')}>
      {code ? (
        <ResetPasswordForm code={code} />
      ) : (
        <Alert severity="error">
          <Trans
            t={t}
            i18nKey="reset.incomplete"
            components={{ action: <Link component={RouterLink} to="/forgot-password" /> }}
          />
        </Alert>
      )}
    </AuthCard>
  );
}
