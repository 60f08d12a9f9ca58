import type { ImportJob } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api';
import { formatDate, isActive, liveCounts, resultCounts, reviewCounts } from './import-text';
import { ImportStatusChip } from './ImportStatusChip';
import { useImports } from './queries';
import { DownloadPdfButton } from './review/DownloadPdfButton';
import { ReportReviewDialog } from './review/ReportReviewDialog';

function HistoryItem({ job }: { job: ImportJob }) {
  const { t } = useTranslation('imports');
  const [reviewing, setReviewing] = useState(false);
  const needsReview = job.status === 'needs_review';
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        py: 1.5,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {job.fileName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[job.formatLabel ?? t('history.unknownFormat'), formatDate(job.createdAt)].join(' · ')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {isActive(job.status) ? liveCounts(job) : needsReview ? reviewCounts(job) : resultCounts(job)}
        </Typography>
        {(needsReview || job.documentUrl) && (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            {needsReview && (
              <Button size="small" variant="outlined" onClick={() => setReviewing(true)}>
                {t('history.review')}
              </Button>
            )}
            {job.documentUrl && <DownloadPdfButton job={job} />}
          </Stack>
        )}
      </Box>
      <ImportStatusChip status={job.status} />
      {reviewing && (
        <ReportReviewDialog
          jobId={job.id}
          fileName={job.fileName}
          onClose={() => setReviewing(false)}
          onDiscarded={() => setReviewing(false)}
        />
      )}
    </Box>
  );
}

/** Every import of the user, newest first (the server's order). */
export function ImportHistory() {
  const { t } = useTranslation('imports');
  const imports = useImports();
  if (imports.isPending) return <Skeleton variant="rounded" height={72} aria-label={t('history.loading')} />;
  if (imports.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void imports.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      >
        {toApiError(imports.error).message}
      </Alert>
    );
  if (imports.data.length === 0) return <Typography color="text.secondary">{t('history.empty')}</Typography>;
  return (
    <Box component="ul" aria-label={t('history.list')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {imports.data.map((job) => (
        <HistoryItem key={job.id} job={job} />
      ))}
    </Box>
  );
}
