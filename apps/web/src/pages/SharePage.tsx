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
import { useParams } from 'react-router';
import { useDocumentTitle } from '../features/layout';
import { SharedView } from '../features/shares/SharedView';
import { downloadSharedReport, openShare } from '../features/shares/shares-api';
import { toApiError, type ApiError } from '../lib/api';

type State =
  | { kind: 'loading' }
  | { kind: 'code'; error?: string }
  | { kind: 'refused'; title: string; message: string }
  | { kind: 'shown'; share: PublicShare };

/** Why a link shows nothing, in words. */
function refusal(error: ApiError): { title: string; message: string } {
  if (error.code === 'share/gone')
    return { title: 'This share is no longer available', message: error.message };
  if (error.status === 404) {
    return {
      title: 'This share link does not exist',
      message: 'Check that the whole link was copied, or ask the person who shared it for a new one.',
    };
  }
  if (error.code === 'share/disabled') return { title: 'Sharing is paused', message: error.message };
  if (error.status === 429)
    return { title: 'Too many requests', message: 'Please wait a minute and try again.' };
  return { title: 'This share could not be opened', message: error.message };
}

/** `/s/<token>`: what a clinician opens without an account. */
export function SharePage() {
  useDocumentTitle('Shared health summary');
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
          else if (error.code === 'share/wrong-code') setState({ kind: 'code', error: error.message });
          else setState({ kind: 'refused', ...refusal(error) });
        },
      );
    },
    [token],
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
            Print
          </Button>
        )}
      </Stack>
      {state.kind === 'loading' && <CircularProgress aria-label="Loading the shared summary" />}
      {state.kind === 'code' && (
        <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 360 }}>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              Enter the code
            </Typography>
            <Typography>The person who shared this summary sent you a 6-digit code separately.</Typography>
            <TextField
              label="6-digit code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, autoComplete: 'one-time-code' } }}
            />
            {state.error && <Alert severity="error">{state.error}</Alert>}
            <div>
              <Button type="submit" variant="contained" disabled={code.trim().length !== 6}>
                Open
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
            Download the report (PDF)
          </Button>
        </Box>
      )}
      {state.kind === 'shown' && <SharedView share={state.share} />}
    </Container>
  );
}
