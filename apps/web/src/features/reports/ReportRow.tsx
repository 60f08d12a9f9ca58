import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { reportSectionTitles, type ReportJob } from '@healthfolio/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { toApiError } from '../../lib/api';
import { reportsKeys } from './queries';
import { deleteReport, downloadReportPdf, regenerateReport } from './reports-api';

const STATUS: Record<
  ReportJob['status'],
  { label: string; color: 'default' | 'info' | 'success' | 'error' }
> = {
  queued: { label: 'Waiting', color: 'default' },
  running: { label: 'Being made', color: 'info' },
  succeeded: { label: 'Ready', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

/** One report in the list: its period, sections, progress, and what can be done with it. */
export function ReportRow({ report }: { report: ReportJob }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = STATUS[report.status];
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
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      data-testid="report-row"
      aria-label={`Report ${report.from} to ${report.to}`}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {report.from} to {report.to}
        </Typography>
        <Chip size="small" label={status.label} color={status.color} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {report.sections.map((s) => reportSectionTitles[s]).join(', ')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Asked for {new Date(report.createdAt).toLocaleString()}
        {ready && report.pages !== null && ` · ${report.pages} pages`}
      </Typography>
      {working && (
        <LinearProgress
          variant="determinate"
          value={report.progress}
          sx={{ mt: 1 }}
          aria-label={`Making the report: ${report.progress} %`}
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
          Download PDF
        </Button>
        <Button size="small" component={RouterLink} to={`/reports/${report.id}`} disabled={!ready}>
          Open printable page
        </Button>
        <Button
          size="small"
          disabled={working || busy}
          onClick={() => void act(() => regenerateReport(report.id))}
        >
          Regenerate
        </Button>
        <Button
          size="small"
          color="error"
          disabled={busy}
          onClick={() => void act(() => deleteReport(report.id))}
        >
          Delete
        </Button>
      </Stack>
    </Paper>
  );
}
