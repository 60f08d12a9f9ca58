import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import Button from '@mui/material/Button';
import { getMetric } from '@healthfolio/core';
import { Link as RouterLink, useParams } from 'react-router';
import { useDocumentTitle } from '../features/layout';
import { EmptyState } from '../features/layout/EmptyState';
import { MetricView } from '../features/metrics/page/MetricView';
import { SleepNights } from '../features/sleep/SleepNights';

/** `/metrics/:kind`: one metric's page; any alias of a kind leads to it. */
export function MetricPage() {
  const { kind = '' } = useParams();
  const metric = getMetric(kind);
  useDocumentTitle(metric?.label ?? 'Metric');
  if (!metric) {
    return (
      <EmptyState
        icon={<MonitorHeartOutlined />}
        title="No such metric"
        action={
          <Button component={RouterLink} to="/dashboard" variant="contained">
            Back to the Dashboard
          </Button>
        }
      >
        {`There is no metric called “${kind}”.`}
      </EmptyState>
    );
  }
  // Keyed by kind: another metric's page starts afresh.
  return (
    <>
      <MetricView key={metric.kind} metric={metric} />
      {/* Sleep kinds: each night's stages and its regularity over weeks (issue 22). */}
      {metric.category === 'sleep' && <SleepNights />}
    </>
  );
}
