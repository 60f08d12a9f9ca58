import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api';
import { TextInput } from '../forms/TextInput';
import type { ConnectDialogProps } from './connect-dialogs';
import { useSourceActions } from './queries';

const EXAMPLE = `{ "samples": [ { "type": "weight", "value": 72.4, "unit": "kg",
  "start": "2026-11-20T07:30:00+01:00", "id": "w-2026-11-20" } ],
  "next": "https://…/feed?page=2" }`;

/**
 * Report builder: the URL of a feed the person runs (a spreadsheet script, a clinic's export, a home
 * server) and the key it expects. The server checks the feed before saving it and pulls it every 6 hours.
 */
export function ReportBuilderDialog({ source, sandbox, onClose, onConnected }: ConnectDialogProps) {
  const { t } = useTranslation('sources');
  const titleId = useId();
  const actions = useSourceActions(source.kind);
  const [url, setUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pending = actions.pending === 'connect';

  const connect = (input: { url?: string; apiKey?: string; sandbox?: boolean }) => {
    setError(null);
    actions.connect(input).then(onConnected, (e: unknown) => setError(toApiError(e).message));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim() || !apiKey) {
      setError(t('feed.enter'));
      return;
    }
    connect({ url: url.trim(), apiKey });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('feed.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('feed.body')}</DialogContentText>
            <Typography
              component="pre"
              variant="body2"
              sx={{
                fontFamily: 'monospace',
                bgcolor: 'action.hover',
                p: 1,
                borderRadius: 1,
                overflowX: 'auto',
              }}
            >
              {EXAMPLE}
            </Typography>
            {error && <Alert severity="error">{error}</Alert>}
            <TextInput
              label={t('feed.url')}
              autoFocus
              required
              value={url}
              onChange={setUrl}
              helperText={t('feed.urlHelp')}
            />
            <TextInput
              label={t('feed.apiKey')}
              type="password"
              required
              value={apiKey}
              onChange={setApiKey}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          {source.sandboxAvailable && (
            <Button onClick={() => connect({ sandbox: true })} disabled={pending} sx={{ mr: 'auto' }}>
              {sandbox ? t('feed.connectSandbox') : t('feed.useSandbox')}
            </Button>
          )}
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? t('feed.checking') : t('card.connect')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
