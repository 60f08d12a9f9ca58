import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from '../features/auth/AuthCard';
import { useDocumentTitle } from '../features/layout';

export function OAuthSuccessPage() {
  useDocumentTitle('Connected');
  const [params] = useSearchParams();
  const source = params.get('source');
  return (
    <AuthCard title="Source connected">
      <Alert severity="success" sx={{ mb: 2 }}>
        {source ? `${source} is now connected.` : 'The source is now connected.'} Your data will start syncing
        shortly.
      </Alert>
      <Button component={RouterLink} to="/data-sources" variant="contained">
        Back to Sources
      </Button>
    </AuthCard>
  );
}
