import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import Button from '@mui/material/Button';
import { getMetric } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useDocumentTitle } from '../features/layout';
import { EmptyState } from '../features/layout/EmptyState';
import { MetricView } from '../features/metrics/page/MetricView';
import { kindLabel } from '../features/metrics/words';
import { SleepNights } from '../features/sleep/SleepNights';

/** `/metrics/:kind`: one metric's page; any alias of a kind leads to it. */
export function MetricPage() {
  const { kind = '' } = useParams();
  const { t } = useTranslation(['metrics', 'dashboard', 'sleep']);
  const metric = getMetric(kind);
  useDocumentTitle(metric ? kindLabel(metric.kind) : t('page.title'));
  if (!metric) {
    return (
      <EmptyState
        icon={<MonitorHeartOutlined />}
        title={t('page.unknown')}
        action={
          <Button component={RouterLink} to="/dashboard" variant="contained">
            {t('page.backToDashboard')}
          </Button>
        }
      >
        {t('page.unknownBody', { kind })}
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
