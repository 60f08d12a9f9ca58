import { describeSkipped, type ImportJob } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isActive, liveCounts, readPercent, resultCounts } from './import-text';
import { ImportStatusChip } from './ImportStatusChip';
import { RejectionList } from './RejectionList';
import { SkippedList } from './SkippedList';
import { DownloadPdfButton } from './review/DownloadPdfButton';
import { ReportReviewDialog } from './review/ReportReviewDialog';
import { reviewLabel } from './review/review-text';

interface ImportCardProps {
  job: ImportJob;
  /** A report under review was discarded: the import is gone. */
  onDiscarded?: () => void;
}

/**
 * The import just started: how far the server has read, live counts, then the result. A lab or DEXA
 * report stops for review first, and keeps its original PDF downloadable.
 */
export function ImportCard({ job, onDiscarded }: ImportCardProps) {
  const { t } = useTranslation('imports');
  const titleId = useId();
  const [reviewing, setReviewing] = useState(false);
  const active = isActive(job.status);
  const needsReview = job.status === 'needs_review';
  const resultCount = job.results?.length ?? job.recordsRead;
  // Skipped types come listed below, not as one warning each.
  const skippedLines = new Set(job.skippedTypes.map(describeSkipped));
  const warnings = job.warnings.filter((w) => !skippedLines.has(w));
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
              {job.formatLabel ?? t('card.recognising')}
            </Typography>
          </Box>
          <ImportStatusChip status={job.status} />
        </Box>
        {active && (
          <LinearProgress variant="determinate" value={readPercent(job)} aria-label={t('progress.import')} />
        )}
        {job.status !== 'succeeded' && !needsReview && (
          <Typography variant="body2" data-testid="import-counts">
            {liveCounts(job)}
          </Typography>
        )}
        {job.status === 'succeeded' && (
          <Alert severity="success">{t('card.imported', { counts: resultCounts(job) })}</Alert>
        )}
        {job.status === 'failed' && <Alert severity="error">{job.failure ?? t('card.stopped')}</Alert>}
        {needsReview && <Alert severity="info">{t('card.checkReview')}</Alert>}
        {warnings.map((warning, index) => (
          <Alert severity="warning" key={index}>
            {warning}
          </Alert>
        ))}
        <RejectionList problems={job.errors} rejected={job.rejected} />
        <SkippedList skipped={job.skippedTypes} total={job.skipped} />
        {(needsReview || job.documentUrl) && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {needsReview && (
              <Button variant="contained" onClick={() => setReviewing(true)}>
                {reviewLabel(resultCount)}
              </Button>
            )}
            {job.documentUrl && <DownloadPdfButton job={job} />}
          </Stack>
        )}
      </Stack>
      {reviewing && (
        <ReportReviewDialog
          jobId={job.id}
          fileName={job.fileName}
          onClose={() => setReviewing(false)}
          onDiscarded={() => {
            setReviewing(false);
            onDiscarded?.();
          }}
        />
      )}
    </Paper>
  );
}
