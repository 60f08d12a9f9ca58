import type { PublicShare } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../features/layout';
import { SharedView } from '../features/shares/SharedView';
import { downloadSharedReport, openShare } from '../features/shares/shares-api';
import { apiErrorMessage, toApiError, type ApiError } from '../lib/api';
import type { TFunction } from 'i18next';
import { currentLocale } from '../i18n';

type State =
  | { kind: 'loading' }
  | { kind: 'code'; error?: string }
  | { kind: 'refused'; title: string; message: string }
  | { kind: 'shown'; share: PublicShare };

/** The server's own (English, most precise) message in English; in another language, our sentence. */
function said(error: ApiError, translated: string): string {
  return currentLocale().startsWith('en') ? error.message : translated;
}

/** Why a link shows nothing, in words. */
function refusal(error: ApiError, raw: unknown, t: TFunction<'shares'>): { title: string; message: string } {
  if (error.code === 'share/gone') return { title: t('page.gone'), message: said(error, t('page.goneText')) };
  if (error.status === 404) return { title: t('page.missing'), message: t('page.missingText') };
  if (error.code === 'share/disabled')
    return { title: t('page.paused'), message: said(error, t('page.pausedText')) };
  if (error.status === 429) return { title: t('page.tooMany'), message: t('page.tooManyText') };
  return { title: t('page.failed'), message: apiErrorMessage(raw, t) };
}

/** `/s/<token>`: what a clinician opens without an account. */
export function SharePage() {
  const { t } = useTranslation('shares');
  useDocumentTitle(t('page.documentTitle'));
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [code, setCode] = useState('');

  const load = useCallback(
    (withCode?: string) => {
      openShare(token, withCode).then(
        (share) => setState({ kind: 'shown', share }),
        (e: unknown) => {
          const error = toApiError(e);
          if (error.code === 'share/code-required') setState({ kind: 'code' });
          else if (error.code === 'share/wrong-code')
            setState({ kind: 'code', error: said(error, t('page.wrongCode')) });
          else setState({ kind: 'refused', ...refusal(error, e, t) });
        },
      );
    },
    [token, t],
  );
  useEffect(() => load(), [load]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    load(code.trim());
  };

  return (
    <Container component="main" maxWidth="md" sx={{ py: 4 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 3 }}>
        <Typography variant="h6" component="p" color="primary" sx={{ fontWeight: 700 }}>
          Healthfolio
        </Typography>
        {state.kind === 'shown' && (
          <Button
            variant="outlined"
            onClick={() => window.print()}
            sx={{ '@media print': { display: 'none' } }}
          >
            {t('page.print')}
          </Button>
        )}
      </Stack>
      {state.kind === 'loading' && <CircularProgress aria-label={t('page.loading')} />}
      {state.kind === 'code' && (
        <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 360 }}>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {t('page.codeTitle')}
            </Typography>
            <Typography>{t('page.codeText')}</Typography>
            <TextField
              label={t('page.codeLabel')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, autoComplete: 'one-time-code' } }}
            />
            {state.error && <Alert severity="error">{state.error}</Alert>}
            <div>
              <Button type="submit" variant="contained" disabled={code.trim().length !== 6}>
                {t('page.open')}
              </Button>
            </div>
          </Stack>
        </Box>
      )}
      {state.kind === 'refused' && (
        <Stack spacing={1} role="alert">
          <Typography variant="h4" component="h1">
            {state.title}
          </Typography>
          <Typography>{state.message}</Typography>
        </Stack>
      )}
      {state.kind === 'shown' && state.share.hasReport && (
        <Box sx={{ mb: 3 }}>
          <Button
            variant="contained"
            onClick={() => void downloadSharedReport(token, code.trim() || undefined)}
          >
            {t('page.download')}
          </Button>
        </Box>
      )}
      {state.kind === 'shown' && <SharedView share={state.share} />}
    </Container>
  );
}
