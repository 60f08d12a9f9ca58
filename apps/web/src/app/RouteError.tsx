import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** SPEC §8: routing errors, including a failed chunk load, show this page. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const isChunkError = error instanceof Error && error.name === 'ChunkLoadError';
  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', p: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('routeError.title')}
      </Typography>
      <Alert severity="error" sx={{ whiteSpace: 'pre-wrap', mb: 3 }}>
        {isChunkError ? `${error.name}: ${describe(error)}` : describe(error)}
      </Alert>
      <Button variant="contained" onClick={() => window.location.reload()} sx={{ mr: 2 }}>
        {t('routeError.reload')}
      </Button>
      <Button href="/">{t('routeError.home')}</Button>
    </Box>
  );
}
