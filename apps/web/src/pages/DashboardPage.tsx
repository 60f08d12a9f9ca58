import Add from '@mui/icons-material/Add';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../features/auth';
import { InsightsPanel } from '../features/insights';
import { useDocumentTitle } from '../features/layout';
import { EmptyState } from '../features/layout/EmptyState';
import {
  AddMeasurementDialog,
  DashboardSkeleton,
  MetricGroups,
  MetricsError,
  useMetricsSummary,
} from '../features/metrics';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { profile, user } = useAuth();
  const name = profile?.name || user?.name;
  const summary = useMetricsSummary();
  const [adding, setAdding] = useState(false);
  const [saved, setSaved] = useState(false);
  const items = summary.data?.items ?? [];
  const addButton = (variant: 'contained' | 'outlined') => (
    <Button variant={variant} startIcon={<Add />} onClick={() => setAdding(true)}>
      Add a measurement
    </Button>
  );

  return (
    <>
      <Stack
        direction="row"

        useFlexGap
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}
      >
        <Typography variant="h4" component="h1">
          {name ? `Hello, ${name}` : 'Hello'}
        </Typography>
        {items.length > 0 && addButton('contained')}
      </Stack>
      <InsightsPanel />
      {summary.isPending && <DashboardSkeleton />}
      {summary.isError && <MetricsError error={summary.error} onRetry={() => void summary.refetch()} />}
      {summary.isSuccess && items.length === 0 && (
        <EmptyState
          icon={<MonitorHeartOutlined />}
          title="No health data yet"
          action={
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
              <Button component={RouterLink} to="/data-sources" variant="contained">
                Go to Sources
              </Button>
              {addButton('outlined')}
            </Stack>
          }
        >
          Connect a source or import a file to see your metrics here.
        </EmptyState>
      )}
      {items.length > 0 && <MetricGroups items={items} />}
      <AddMeasurementDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          setSaved(true);
        }}
      />
      <Snackbar
        open={saved}
        autoHideDuration={5000}
        onClose={() => setSaved(false)}
        message="Measurement saved"
      />
    </>
  );
}
