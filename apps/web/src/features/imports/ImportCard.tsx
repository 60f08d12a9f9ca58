import type { ImportJob } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { isActive, liveCounts, readPercent, resultCounts } from './import-text';
import { ImportStatusChip } from './ImportStatusChip';
import { RejectionList } from './RejectionList';

/** The import just started: how far the server has read, live counts, then the result. */
export function ImportCard({ job }: { job: ImportJob }) {
  const titleId = useId();
  const active = isActive(job.status);
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="import-card"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Typography id={titleId} variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              {job.fileName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {job.formatLabel ?? 'Recognising the format…'}
            </Typography>
          </Box>
          <ImportStatusChip status={job.status} />
        </Box>
        {active && (
          <LinearProgress variant="determinate" value={readPercent(job)} aria-label="Import progress" />
        )}
        {job.status !== 'succeeded' && (
          <Typography variant="body2" data-testid="import-counts">
            {liveCounts(job)}
          </Typography>
        )}
        {job.status === 'succeeded' && <Alert severity="success">Imported: {resultCounts(job)}</Alert>}
        {job.status === 'failed' && <Alert severity="error">{job.failure ?? 'The import stopped.'}</Alert>}
        {job.status === 'needs_review' && <Alert severity="info">This import needs your review.</Alert>}
        {job.warnings.map((warning, index) => (
          <Alert severity="warning" key={index}>
            {warning}
          </Alert>
        ))}
        <RejectionList problems={job.errors} rejected={job.rejected} />
      </Stack>
    </Paper>
  );
}
