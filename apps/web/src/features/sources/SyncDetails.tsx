import type { SyncStats } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api';
import { useMetricWords } from '../metrics/words';
import { useSyncStats } from './queries';
import {
  backfillText,
  formatCount,
  formatDate,
  formatDateTime,
  metricLabel,
  runStatusLabel,
} from './source-text';

/** A source's sync stats and history, fetched when its card's details open. */
export function SyncDetails({ kind, name }: { kind: string; name: string }) {
  const { t } = useTranslation('sources');
  const stats = useSyncStats(kind, true);
  if (stats.isPending) return <Skeleton variant="rounded" height={96} aria-label={t('details.loading')} />;
  if (stats.isError) {
    // A source never connected has no stats: nothing went wrong.
    const error = toApiError(stats.error);
    return (
      <Typography variant="body2" color="text.secondary">
        {error.code === 'conflict' ? t('details.nothingYet', { name }) : error.message}
      </Typography>
    );
  }
  return <StatsView stats={stats.data} />;
}

function StatsView({ stats }: { stats: SyncStats }) {
  const { t } = useTranslation('sources');
  useMetricWords(); // kind names in the current language
  const counted = (key: string, n: number) => t(key, { count: n, n: formatCount(n) });
  const total = stats.metrics.reduce((sum, m) => sum + m.samples, 0);
  return (
    <Stack spacing={2} data-testid="sync-details">
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}>
        <Fact term={t('details.samplesStored')} value={formatCount(total)} />
        <Fact term={t('details.syncsRun')} value={formatCount(stats.syncsRun)} />
        <Fact term={t('details.lastSuccess')} value={formatDateTime(stats.lastSync)} />
        <Fact term={t('details.historyLimit')} value={backfillText(stats.backfillDays)} />
      </Box>
      {stats.lastError && (
        <Alert severity="error" role="note">
          {t('details.lastError', { error: stats.lastError })}
        </Alert>
      )}
      {stats.metrics.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h5" gutterBottom>
            {t('details.perMetric')}
          </Typography>
          <Box component="ul" aria-label={t('details.perMetric')} sx={{ m: 0, pl: 2.5 }}>
            {stats.metrics.map((m) => (
              <Typography component="li" variant="body2" key={m.metric} sx={{ mb: 0.5 }}>
                <strong>{metricLabel(m.metric)}</strong>:{' '}
                {t('details.metricLine', {
                  samples: counted('sync.samples', m.samples),
                  first: formatDate(m.first),
                  last: formatDate(m.last),
                })}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      <Box>
        <Typography variant="subtitle2" component="h5" gutterBottom>
          {t('details.history')}
        </Typography>
        {stats.history.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('details.noSyncs')}
          </Typography>
        ) : (
          <Box component="ul" aria-label={t('details.history')} sx={{ m: 0, pl: 2.5 }}>
            {stats.history.map((run) => (
              <Typography component="li" variant="body2" key={run.id} sx={{ mb: 0.5 }}>
                {[
                  formatDateTime(run.startedAt),
                  runStatusLabel(run.status),
                  counted('details.requests', run.requests),
                  counted('sync.samples', run.samples),
                  run.updated > 0 && t('details.updated', { n: formatCount(run.updated) }),
                  run.deleted > 0 && t('details.removed', { n: formatCount(run.deleted) }),
                  run.rejected > 0 && t('details.refused', { n: formatCount(run.rejected) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
                {run.problems.length > 0 && (
                  <Box component="ul" aria-label={t('details.whyRefused')} sx={{ m: 0, pl: 2.5 }}>
                    {run.problems.map((problem, i) => (
                      <Typography component="li" variant="body2" color="text.secondary" key={i}>
                        {problem}
                      </Typography>
                    ))}
                  </Box>
                )}
                {run.error && (
                  <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
                    {run.error}
                  </Typography>
                )}
              </Typography>
            ))}
          </Box>
        )}
      </Box>
    </Stack>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {value}
      </Typography>
    </>
  );
}
