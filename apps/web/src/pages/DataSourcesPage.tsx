import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ImportFile, ImportHistory, ImportsSection } from '../features/imports';
import { useDocumentTitle } from '../features/layout';
import { readOAuthOutcome } from '../features/oauth/oauth-callback';
import { SourcesSection } from '../features/sources';

export function DataSourcesPage() {
  const { t } = useTranslation('sources');
  useDocumentTitle(t('page.title'));
  const dropZone = useRef<HTMLDivElement>(null);
  const [params, setParams] = useSearchParams();
  // A provider's OAuth return lands here with its result in words (features/oauth/oauth-callback.ts).
  const outcome = readOAuthOutcome(params);
  const dismiss = () => setParams({}, { replace: true });
  // "No account? Import your Oura export instead": to the drop zone, with focus for keyboard users.
  const toDropZone = () => {
    const target = dropZone.current;
    if (!target) return;
    target.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  };
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('page.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('page.intro')}
      </Typography>
      {outcome && (
        <Alert
          severity={
            outcome.result === 'connected' ? 'success' : outcome.result === 'declined' ? 'info' : 'error'
          }
          role={outcome.result === 'failed' ? 'alert' : 'status'}
          onClose={dismiss}
          sx={{ mb: 3 }}
          data-testid="oauth-outcome"
        >
          {outcome.result === 'connected'
            ? outcome.source
              ? t('page.connected', { source: outcome.source })
              : t('page.connectedUnnamed')
            : outcome.message}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
        }}
      >
        <SourcesSection onImportInstead={toDropZone} />
        <Stack spacing={3} sx={{ position: { lg: 'sticky' }, top: { lg: 80 } }}>
          <Box ref={dropZone} id="import-a-file" tabIndex={-1} sx={{ outline: 'none', scrollMarginTop: 72 }}>
            <ImportFile />
          </Box>
        </Stack>
      </Box>
      <Box sx={{ mt: 3 }}>
        <ImportsSection title={t('page.importHistory')}>
          <ImportHistory />
        </ImportsSection>
      </Box>
    </>
  );
}
