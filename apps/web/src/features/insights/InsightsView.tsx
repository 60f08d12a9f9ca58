import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Insight } from '@healthfolio/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api';
import { useUnitSystem } from '../metrics/use-unit-system';
import { InsightCard } from './InsightCard';
import { InsightFilters } from './InsightFilters';
import { NoInsights, NoMatchingInsights } from './InsightsEmpty';
import { LoadError } from '../layout/LoadError';
import { useDismissInsight, useInsights, useRefreshInsights } from './queries';
import { useInsightFilters } from './use-insight-filters';

function InsightsSkeleton() {
  const { t } = useTranslation('insights');
  return (
    <Stack spacing={2} aria-busy="true" aria-label={t('view.loading')}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={220} />
      ))}
    </Stack>
  );
}

/** The Insights page: heading with Refresh, filters from the URL, and the cards. */
export function InsightsView() {
  const { t } = useTranslation('insights');
  const system = useUnitSystem();
  const filters = useInsightFilters();
  const insights = useInsights(filters.query);
  const dismiss = useDismissInsight();
  const refresher = useRefreshInsights();
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const items = insights.data ?? [];
  const filtered = filters.query.type !== 'all' || filters.query.severity !== 'all';

  const refresh = () => {
    setProblem(null);
    refresher.refresh().then(
      (all) => setMessage(t('view.refreshed', { count: all.length })),
      (e: unknown) => setProblem(toApiError(e).message),
    );
  };
  const onDismiss = (insight: Insight) => {
    setProblem(null);
    dismiss(insight.id).then(
      () => setMessage(t('view.dismissed')),
      (e: unknown) =>
        setProblem(t('view.dismissFailed', { title: insight.title, reason: toApiError(e).message })),
    );
  };

  return (
    <>
      <Stack
        direction="row"
        useFlexGap
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}
      >
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        <Button
          variant="outlined"
          onClick={refresh}
          disabled={refresher.isPending}
          aria-busy={refresher.isPending}
          startIcon={
            refresher.isPending ? (
              <CircularProgress size={18} color="inherit" aria-label={t('view.refreshing')} />
            ) : (
              <Refresh />
            )
          }
        >
          {refresher.isPending ? t('view.refreshingButton') : t('actions.refresh')}
        </Button>
      </Stack>
      <InsightFilters query={filters.query} onChange={filters.set} />
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)} sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {insights.isPending && <InsightsSkeleton />}
      {insights.isError && (
        <LoadError
          title={t('view.loadFailed')}
          error={insights.error}
          onRetry={() => void insights.refetch()}
        />
      )}
      {insights.isSuccess && items.length === 0 && !filtered && <NoInsights />}
      {insights.isSuccess && items.length === 0 && filtered && <NoMatchingInsights onClear={filters.clear} />}
      {items.length > 0 && (
        <Stack spacing={2} component="section" aria-label={t('view.list')}>
          {items.map((insight) => (
            <InsightCard key={insight.id} insight={insight} system={system} onDismiss={onDismiss} />
          ))}
        </Stack>
      )}
      <Snackbar
        open={message !== null}
        autoHideDuration={5000}
        onClose={() => setMessage(null)}
        message={message}
      />
    </>
  );
}
