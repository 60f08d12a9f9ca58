import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { ImportJob, ReportRegion } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../../lib/api';
import { drawPage, openPdf } from './pdf-render';
import { useReportDocument } from './queries';
import { regionBox } from './region-box';

export interface PdfPageViewProps {
  job: Pick<ImportJob, 'id' | 'documentUrl' | 'fileName'>;
  /** The page to show, 1-based. */
  page: number;
  onPageChange: (page: number) => void;
  /** Where the selected or hovered result was read; highlighted while its page is shown. */
  region: ReportRegion | undefined;
  /** The highlighted result, for the caption: "Glucose, line 12". */
  regionLabel: string | undefined;
  /** Scroll the view's own scroll area to keep the highlight in sight (not on phones: it would jump). */
  followRegion: boolean;
  /**
   * A phone's review stepper: the page is shown through a window this many pixels tall that scrolls on its
   * own, kept on the region — the result's line in sight above it without the dialog jumping.
   */
  regionWindow?: number;
}

interface Shown {
  page: number;
  width: number;
  height: number;
}

/** One page of the original PDF on a canvas, with the region a result came from boxed. */
export function PdfPageView({
  job,
  page,
  onPageChange,
  region,
  regionLabel,
  followRegion,
  regionWindow,
}: PdfPageViewProps) {
  const { t } = useTranslation('review');
  const pdf = useReportDocument(job);
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const highlight = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [width, setWidth] = useState(0);
  const [shown, setShown] = useState<Shown | null>(null);
  const pages = doc?.numPages ?? 0;
  const pageNumber = pages > 0 ? Math.min(Math.max(1, page), pages) : page;

  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!pdf.data) return;
    const signal = { cancelled: false };
    let close: (() => void) | undefined;
    openPdf(pdf.data, signal).then(
      (opened) => {
        if (!opened) return;
        close = opened.close;
        if (signal.cancelled) close();
        else setDoc(opened.doc);
      },
      (e: unknown) => !signal.cancelled && setError(toApiError(e).message),
    );
    return () => {
      signal.cancelled = true;
      close?.();
    };
  }, [pdf.data]);

  useEffect(() => {
    if (!doc || width <= 0) return;
    let live = true;
    let cancel: (() => void) | undefined;
    doc
      .getPage(pageNumber)
      .then((p) => drawPage(p, width, (c) => (cancel = c)))
      .then(
        (drawn) => {
          const target = canvas.current;
          if (!live || !target) return;
          target.width = drawn.canvas.width;
          target.height = drawn.canvas.height;
          target.getContext('2d')?.drawImage(drawn.canvas, 0, 0);
          setShown({ page: pageNumber, width: drawn.width, height: drawn.height });
        },
        (e: unknown) => live && setError(toApiError(e).message),
      );
    return () => {
      live = false;
      cancel?.();
    };
  }, [doc, pageNumber, width]);

  const box =
    region && shown && region.page === shown.page ? regionBox(region, shown.width, shown.height) : null;
  const boxKey = box ? `${shown?.page}:${box.left}:${box.top}` : '';
  useEffect(() => {
    if (followRegion && boxKey) highlight.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [followRegion, boxKey]);
  const boxTop = box ? box.top + box.height / 2 : null;
  useEffect(() => {
    if (regionWindow === undefined || boxTop === null) return;
    frame.current?.scrollTo?.({ top: Math.max(0, boxTop - regionWindow / 2) });
  }, [regionWindow, boxTop, boxKey]);

  const failure = pdf.isError ? toApiError(pdf.error).message : error;
  return (
    <Box>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
      >
        <IconButton
          aria-label={t('pdf.previousPage')}
          disabled={pageNumber <= 1}
          onClick={() => onPageChange(pageNumber - 1)}
        >
          <ChevronLeft />
        </IconButton>
        <Typography variant="body2" aria-live="polite" data-testid="pdf-page-number">
          {pages > 0 ? t('pdf.pageOf', { page: pageNumber, pages }) : t('pdf.label')}
        </Typography>
        <IconButton
          aria-label={t('pdf.nextPage')}
          disabled={pages === 0 || pageNumber >= pages}
          onClick={() => onPageChange(pageNumber + 1)}
        >
          <ChevronRight />
        </IconButton>
      </Stack>
      {failure && <Alert severity="warning">{t('pdf.failed', { reason: failure })}</Alert>}
      <Box
        ref={frame}
        data-testid="pdf-frame"
        sx={{
          position: 'relative',
          width: '100%',
          ...(regionWindow !== undefined && { maxHeight: regionWindow, overflowY: 'auto' }),
        }}
      >
        {!shown && !failure && (
          <Skeleton
            variant="rectangular"
            height={Math.min(360, regionWindow ?? 360)}
            aria-label={t('pdf.loading')}
          />
        )}
        <Box
          sx={{
            display: shown ? 'block' : 'none',
            width: 'fit-content',
            outline: 1,
            outlineColor: 'divider',
            bgcolor: 'common.white',
          }}
        >
          <canvas
            ref={canvas}
            role="img"
            aria-label={t('pdf.pageOfFile', { page: pageNumber, fileName: job.fileName })}
            data-page={shown?.page}
            style={{ display: 'block', width: shown?.width, height: shown?.height }}
          />
        </Box>
        {box && (
          <Box
            ref={highlight}
            data-testid="region-highlight"
            aria-hidden
            sx={(theme) => ({
              position: 'absolute',
              left: box.left,
              top: box.top,
              width: box.width,
              height: box.height,
              bgcolor: alpha(theme.palette.warning.main, 0.25),
              outline: `2px solid ${theme.palette.warning.main}`,
              borderRadius: 0.5,
              pointerEvents: 'none',
            })}
          />
        )}
      </Box>
      {regionLabel && region && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {region.page === pageNumber
            ? t('pdf.highlighted', { label: regionLabel })
            : t('pdf.elsewhere', { label: regionLabel, page: region.page })}
        </Typography>
      )}
    </Box>
  );
}
