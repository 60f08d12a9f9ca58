import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** SPEC §8: routing errors, including a failed chunk load, show this page. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
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

interface BoundaryProps {
  /** The path shown: a page that failed stays failed until the person goes elsewhere. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failedAt: string | null;
}

/**
 * Catches what a page throws while rendering — a chunk that did not load, a bug — and shows RouteError in
 * place of the whole app, as a data router's root `errorElement` would; going to another path tries again.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.failedAt === null) return { failedAt: props.pathname };
    return state.failedAt === props.pathname ? null : { error: null, failedAt: null };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}
