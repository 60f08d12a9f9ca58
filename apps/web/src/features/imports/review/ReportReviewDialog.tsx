import type { ImportJob, ReportResult } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../../lib/api';
import { useImportJob } from '../queries';
import { DiscardDialog } from './DiscardDialog';
import { DownloadPdfButton } from './DownloadPdfButton';
import { PdfPageView } from './PdfPageView';
import { useReviewActions } from './queries';
import { confirmBody, invalidRows, savedCount, type Edits, type RowEdit } from './review-edits';
import { reportHeadline, saveLabel } from './review-text';
import { ReviewStepper } from './ReviewStepper';
import { ReviewTable } from './ReviewTable';

export interface ReportReviewDialogProps {
  jobId: string;
  fileName: string;
  onClose: () => void;
  /** After a discard; the import is gone. */
  onDiscarded: () => void;
}

/**
 * "Review before saving" (issue 6): what was read from a lab or DEXA report, next to the page it was read
 * from. Nothing is written until "Save"; corrections and left-out rows go with it. On a phone the table
 * becomes a stepper: one result at a time under the region of the page it was read from (ReviewStepper).
 */
export function ReportReviewDialog({ jobId, fileName, onClose, onDiscarded }: ReportReviewDialogProps) {
  const { t } = useTranslation('review');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const job = useImportJob(jobId);
  const results = job.data?.results;
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="xl"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { height: { md: 'calc(100% - 64px)' } } } }}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('dialog.title', { fileName })}
      </DialogTitle>
      {job.data && results ? (
        <ReviewContent
          job={job.data}
          results={results}
          phone={phone}
          onClose={onClose}
          onDiscarded={onDiscarded}
        />
      ) : (
        <>
          <DialogContent dividers>
            {job.isPending && <Skeleton variant="rounded" height={240} aria-label={t('dialog.loading')} />}
            {job.isError && <Alert severity="error">{toApiError(job.error).message}</Alert>}
            {job.data && <Alert severity="info">{t('dialog.notWaiting')}</Alert>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('actions.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/** On a phone, the PDF shows a window this tall around the result's region, scrolled to it. */
const PHONE_PDF_WINDOW = 220;

interface ReviewContentProps {
  job: ImportJob;
  results: ReportResult[];
  phone: boolean;
  onClose: () => void;
  onDiscarded: () => void;
}

function ReviewContent({ job, results, phone, onClose, onDiscarded }: ReviewContentProps) {
  const { t } = useTranslation('review');
  const [edits, setEdits] = useState<Edits>({});
  const [selected, setSelected] = useState<string | null>(results[0]?.id ?? null);
  const [hovered, setHovered] = useState<string | null>(null);
  const [page, setPage] = useState(results[0]?.region.page ?? 1);
  const [error, setError] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const actions = useReviewActions(job.id);
  const active = results.find((r) => r.id === (hovered ?? selected));
  const count = savedCount(results, edits);
  const headline = reportHeadline(results);
  const showDates = new Set(results.map((r) => r.date)).size > 1;

  const show = (id: string | null) => {
    const region = results.find((r) => r.id === id)?.region;
    if (region) setPage(region.page);
  };
  const select = (id: string) => {
    setSelected(id);
    show(id);
  };
  const hover = (id: string | null) => {
    setHovered(id);
    show(id ?? selected);
  };
  const edit = (id: string, next: RowEdit) => setEdits((all) => ({ ...all, [id]: next }));
  const stepIndex = Math.max(
    0,
    results.findIndex((r) => r.id === selected),
  );
  const step = (index: number) => {
    const next = results[index];
    if (next) select(next.id);
  };

  const save = () => {
    const invalid = invalidRows(results, edits);
    if (invalid.length > 0) {
      setError(
        t('dialog.checkValues', { count: invalid.length, names: invalid.map((r) => r.name).join(', ') }),
      );
      // On a phone, the first result to correct is brought up.
      if (phone) step(results.indexOf(invalid[0]!));
      return;
    }
    setError(null);
    actions
      .confirm(confirmBody(results, edits))
      .then(onClose, (e: unknown) => setError(toApiError(e).message));
  };
  const discard = () =>
    actions.discard().then(onDiscarded, (e: unknown) => {
      setDiscarding(false);
      setError(toApiError(e).message);
    });

  const pdf = (
    <PdfPageView
      job={job}
      page={page}
      onPageChange={setPage}
      region={active?.region}
      regionLabel={active ? t('pdf.regionLabel', { name: active.name, line: active.line }) : undefined}
      followRegion={!phone}
      regionWindow={phone ? PHONE_PDF_WINDOW : undefined}
    />
  );
  const intro = (
    <>
      {headline && (
        <Typography variant="subtitle2" component="p">
          {headline}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t(phone ? 'dialog.introPhone' : 'dialog.intro')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
    </>
  );

  return (
    <>
      {phone ? (
        <DialogContent dividers>
          {intro}
          {results.length === 0 ? (
            <Alert severity="info">{t('dialog.noResults')}</Alert>
          ) : (
            <ReviewStepper
              results={results}
              edits={edits}
              onEdit={edit}
              index={stepIndex}
              onIndex={step}
              showDates={showDates}
              pdf={pdf}
            />
          )}
          <Box sx={{ mt: 2 }}>
            <DownloadPdfButton job={job} />
          </Box>
        </DialogContent>
      ) : (
        <DialogContent
          dividers
          sx={{
            // Side by side on wide screens, each side scrolling on its own; stacked in one scroll below.
            display: { xs: 'block', md: 'grid' },
            gap: 3,
            gridTemplateColumns: { md: 'minmax(0, 3fr) minmax(0, 2fr)' },
            gridTemplateRows: { md: 'minmax(0, 1fr)' },
            overflowY: { md: 'hidden' },
          }}
        >
          <Box sx={{ overflowY: { md: 'auto' }, minHeight: 0 }}>
            {intro}
            {results.length === 0 ? (
              <Alert severity="info">{t('dialog.noResults')}</Alert>
            ) : (
              <ReviewTable
                results={results}
                edits={edits}
                onEdit={edit}
                activeId={active?.id ?? null}
                onSelect={select}
                onHover={hover}
                showDates={showDates}
              />
            )}
          </Box>
          <Box
            component="section"
            aria-label={t('pdf.label')}
            sx={{ overflowY: { md: 'auto' }, minHeight: 0, mt: { xs: 3, md: 0 } }}
          >
            {pdf}
            <DownloadPdfButton job={job} />
          </Box>
        </DialogContent>
      )}
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button color="error" onClick={() => setDiscarding(true)} sx={{ mr: 'auto' }}>
          {t('dialog.discard')}
        </Button>
        <Button onClick={onClose}>{t('dialog.later')}</Button>
        <Button variant="contained" onClick={save} disabled={count === 0 || actions.pending !== null}>
          {actions.pending === 'save' ? t('dialog.saving') : saveLabel(count)}
        </Button>
      </DialogActions>
      {discarding && (
        <DiscardDialog
          fileName={job.fileName}
          busy={actions.pending === 'discard'}
          onCancel={() => setDiscarding(false)}
          onDiscard={discard}
        />
      )}
    </>
  );
}
