import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from '../features/auth/AuthCard';
import { useDocumentTitle } from '../features/layout';

export function OAuthErrorPage() {
  useDocumentTitle('Connection failed');
  const [params] = useSearchParams();
  const message = params.get('message') || 'The connection could not be completed.';
  return (
    <AuthCard title="Connection failed">
      <Alert severity="error" sx={{ mb: 2 }}>
        {message}
      </Alert>
      <Button component={RouterLink} to="/data-sources" variant="contained">
        Back to Sources
      </Button>
    </AuthCard>
  );
}
