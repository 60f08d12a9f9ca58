import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../features/auth';
import { useDocumentTitle } from '../features/layout';
import { EmptyState } from '../features/layout/EmptyState';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { profile, user } = useAuth();
  const name = profile?.name || user?.name;
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {name ? `Hello, ${name}` : 'Hello'}
      </Typography>
      <EmptyState
        icon={<MonitorHeartOutlined />}
        title="No health data yet"
        action={
          <Button component={RouterLink} to="/data-sources" variant="contained">
            Go to Sources
          </Button>
        }
      >
        Connect a source or import a file to see your metrics here.
      </EmptyState>
    </>
  );
}
