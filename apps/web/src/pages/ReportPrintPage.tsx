import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useDocumentTitle } from '../features/layout';
import { PageSpinner } from '../features/layout';
import { ReportDocument, useReportContent } from '../features/reports';
import { toApiError } from '../lib/api';

/** `/reports/:id`: a finished report as a printable page, without the app's navigation. */
export function ReportPrintPage() {
  const { t } = useTranslation('reports');
  useDocumentTitle(t('print.title'));
  const { id = '' } = useParams();
  const content = useReportContent(id);
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, bgcolor: 'background.paper', '@media print': { p: 0 } }}>
      <Stack direction="row" spacing={1} sx={{ mb: 2, '@media print': { display: 'none' } }}>
        <Button component={RouterLink} to="/reports">
          {t('print.back')}
        </Button>
        <Button
          variant="contained"
          startIcon={<PrintOutlined />}
          onClick={() => window.print()}
          disabled={!content.isSuccess}
        >
          {t('print.print')}
        </Button>
      </Stack>
      {content.isPending && <PageSpinner />}
      {content.isError && (
        <Alert severity="error">
          {toApiError(content.error).status === 404 ? t('print.notFound') : toApiError(content.error).message}
        </Alert>
      )}
      {content.isSuccess && <ReportDocument content={content.data} />}
    </Box>
  );
}
