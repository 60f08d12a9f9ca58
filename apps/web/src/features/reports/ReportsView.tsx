import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReportSection } from '@healthfolio/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api';
import { EmptyState } from '../layout/EmptyState';
import { LoadError } from '../layout/LoadError';
import { ReportRow } from './ReportRow';
import { reportsKeys, useReports } from './queries';
import { allSections, defaultPeriod, formProblem } from './report-form';
import { createReport } from './reports-api';

/** The Reports page: choose a period and sections, make a report, and the list of reports made. */
export function ReportsView() {
  const { t } = useTranslation('reports');
  const queryClient = useQueryClient();
  const reports = useReports();
  const initial = defaultPeriod();
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [sections, setSections] = useState<ReportSection[]>([...allSections]);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = formProblem(from, to, sections);

  const toggle = (section: ReportSection) =>
    setSections((current) =>
      current.includes(section) ? current.filter((s) => s !== section) : [...current, section],
    );

  const generate = async () => {
    setPending(true);
    setError(null);
    try {
      await createReport({ from, to, sections });
      await queryClient.invalidateQueries({ queryKey: reportsKeys.list });
    } catch (e) {
      setError(toApiError(e).message);
    } finally {
      setPending(false);
    }
  };

  const items = reports.data ?? [];
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('intro')}</Typography>
      </div>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="new-report">
        <Typography id="new-report" variant="h6" component="h2" gutterBottom>
          {t('new.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            label={t('new.from')}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('new.to')}
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <Typography component="h3" variant="subtitle2" id="report-sections">
          {t('new.sections')}
        </Typography>
        <FormGroup row aria-labelledby="report-sections">
          {allSections.map((section) => (
            <FormControlLabel
              key={section}
              control={<Checkbox checked={sections.includes(section)} onChange={() => toggle(section)} />}
              label={t(`sections.${section}`)}
              sx={{ minWidth: { xs: '45%', sm: 'auto' } }}
            />
          ))}
        </FormGroup>
        {(problem ?? error) && (
          <Alert severity={error ? 'error' : 'info'} sx={{ mt: 2 }}>
            {error ?? t(`problems.${problem}`)}
          </Alert>
        )}
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          disabled={problem !== null || pending}
          onClick={() => void generate()}
        >
          {pending ? t('new.asking') : t('new.generate')}
        </Button>
      </Paper>
      {reports.isError && (
        <LoadError title={t('loadFailed')} error={reports.error} onRetry={() => void reports.refetch()} />
      )}
      {reports.isSuccess && items.length === 0 && (
        <EmptyState icon={<SummarizeOutlined />} title={t('empty.title')}>
          {t('empty.text')}
        </EmptyState>
      )}
      {items.length > 0 && (
        <Stack spacing={2} component="section" aria-label={t('list')}>
          {items.map((report) => (
            <ReportRow key={report.id} report={report} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
