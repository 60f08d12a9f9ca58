import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportJob } from '@healthfolio/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { currentLocale } from '../../i18n';
import { formatDay } from '../../lib/day-format';
import { toApiError } from '../../lib/api';
import { reportsKeys } from './queries';
import { deleteReport, downloadReportPdf, regenerateReport } from './reports-api';

const STATUS_COLOR: Record<ReportJob['status'], 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  running: 'info',
  succeeded: 'success',
  failed: 'error',
};

/** One report in the list: its period, sections, progress, and what can be done with it. */
export function ReportRow({ report }: { report: ReportJob }) {
  const { t } = useTranslation('reports');
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const period = { from: formatDay(report.from), to: formatDay(report.to) };
  const ready = report.status === 'succeeded';
  const working = report.status === 'queued' || report.status === 'running';

  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: reportsKeys.list });
    } catch (e) {
      setError(toApiError(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="report-row" aria-label={t('row.label', period)}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {t('row.period', period)}
        </Typography>
        <Chip size="small" label={t(`status.${report.status}`)} color={STATUS_COLOR[report.status]} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {report.sections.map((s) => t(`sections.${s}`)).join(', ')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('row.askedFor', { time: new Date(report.createdAt).toLocaleString(currentLocale()) })}
        {ready && report.pages !== null && ` · ${t('row.pages', { count: report.pages })}`}
      </Typography>
      {working && (
        <LinearProgress
          variant="determinate"
          value={report.progress}
          sx={{ mt: 1 }}
          aria-label={t('row.progress', { progress: report.progress })}
        />
      )}
      {report.failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {report.failure}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="contained"
          disabled={!ready || busy}
          onClick={() => void act(() => downloadReportPdf(report))}
        >
          {t('row.download')}
        </Button>
        <Button size="small" component={RouterLink} to={`/reports/${report.id}`} disabled={!ready}>
          {t('row.open')}
        </Button>
        <Button
          size="small"
          disabled={working || busy}
          onClick={() => void act(() => regenerateReport(report.id))}
        >
          {t('row.regenerate')}
        </Button>
        <Button
          size="small"
          color="error"
          disabled={busy}
          onClick={() => void act(() => deleteReport(report.id))}
        >
          {t('actions.delete')}
        </Button>
      </Stack>
    </Paper>
  );
}
