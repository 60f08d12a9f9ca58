import type { SyncStats } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { toApiError } from '../../lib/api';
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
  const stats = useSyncStats(kind, true);
  if (stats.isPending) return <Skeleton variant="rounded" height={96} aria-label="Loading sync details" />;
  if (stats.isError) {
    // A source never connected has no stats: nothing went wrong.
    const error = toApiError(stats.error);
    return (
      <Typography variant="body2" color="text.secondary">
        {error.code === 'conflict' ? `${name} has not synced anything yet.` : error.message}
      </Typography>
    );
  }
  return <StatsView stats={stats.data} />;
}

function StatsView({ stats }: { stats: SyncStats }) {
  const total = stats.metrics.reduce((sum, m) => sum + m.samples, 0);
  return (
    <Stack spacing={2} data-testid="sync-details">
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}>
        <Fact term="Samples stored" value={formatCount(total)} />
        <Fact term="Syncs run" value={formatCount(stats.syncsRun)} />
        <Fact term="Last successful sync" value={formatDateTime(stats.lastSync)} />
        <Fact term="Provider history limit" value={backfillText(stats.backfillDays)} />
      </Box>
      {stats.lastError && (
        <Alert severity="error" role="note">
          Last error: {stats.lastError}
        </Alert>
      )}
      {stats.metrics.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h5" gutterBottom>
            Samples per metric
          </Typography>
          <Box component="ul" aria-label="Samples per metric" sx={{ m: 0, pl: 2.5 }}>
            {stats.metrics.map((m) => (
              <Typography component="li" variant="body2" key={m.metric} sx={{ mb: 0.5 }}>
                <strong>{metricLabel(m.metric)}</strong>: {formatCount(m.samples)}{' '}
                {m.samples === 1 ? 'sample' : 'samples'}, {formatDate(m.first)} – {formatDate(m.last)}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      <Box>
        <Typography variant="subtitle2" component="h5" gutterBottom>
          Sync history
        </Typography>
        {stats.history.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No syncs yet.
          </Typography>
        ) : (
          <Box component="ul" aria-label="Sync history" sx={{ m: 0, pl: 2.5 }}>
            {stats.history.map((run) => (
              <Typography component="li" variant="body2" key={run.id} sx={{ mb: 0.5 }}>
                {formatDateTime(run.startedAt)} · {runStatusLabel(run.status)} · {formatCount(run.requests)}{' '}
                {run.requests === 1 ? 'request' : 'requests'} · {formatCount(run.samples)}{' '}
                {run.samples === 1 ? 'sample' : 'samples'}
                {run.updated > 0 && ` · ${formatCount(run.updated)} updated`}
                {run.deleted > 0 && ` · ${formatCount(run.deleted)} removed by the provider`}
                {run.rejected > 0 && ` · ${formatCount(run.rejected)} refused`}
                {run.problems.length > 0 && (
                  <Box component="ul" aria-label="Why readings were refused" sx={{ m: 0, pl: 2.5 }}>
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
