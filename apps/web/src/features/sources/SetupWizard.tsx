import type { DataSource, Integration } from '@healthfolio/core';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState, type ReactNode } from 'react';
import { toApiError } from '../../lib/api';
import { useIntegrations } from './queries';
import { selfTestSource } from './sources-api';
import { backfillText, everyText } from './source-text';

interface SetupWizardProps {
  source: DataSource;
  onClose: () => void;
  /** Connects the sandbox provider instead; offered when the server has them. */
  onTrySandbox: () => void;
}

const code = { fontFamily: 'monospace', fontSize: '0.875rem', wordBreak: 'break-all' } as const;

/** The operator's walk through registering an app with the provider (issue 7, part 5). */
export function SetupWizard({ source, onClose, onTrySandbox }: SetupWizardProps) {
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const integrations = useIntegrations();
  const integration = integrations.data?.find((i) => i.kind === source.kind);
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Set up {source.name}</DialogTitle>
      <DialogContent>
        {integrations.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading the set-up" />
          </Box>
        )}
        {integrations.isError && <Alert severity="error">{toApiError(integrations.error).message}</Alert>}
        {integrations.isSuccess && !integration && (
          <Alert severity="info" role="note">
            {source.name} needs no set-up on the server.
          </Alert>
        )}
        {integration && <SetupSteps integration={integration} />}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {source.sandboxAvailable && (
          <Button onClick={onTrySandbox} sx={{ mr: 'auto' }}>
            Try the sandbox instead
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SetupSteps({ integration: i }: { integration: Integration }) {
  const required = i.env.filter((name) => !name.endsWith('_BASE_URL'));
  const optional = i.env.filter((name) => name.endsWith('_BASE_URL'));
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        {i.name} only lets registered apps read its API. Whoever runs this Healthfolio server registers one
        app, once; after that everyone here can connect their own {i.name} account.
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, '& > li': { mb: 2 } }}>
        <Step title="Register an app">
          Sign in at{' '}
          <Link href={i.registerAppUrl} target="_blank" rel="noopener noreferrer">
            {i.registerAppUrl}
          </Link>{' '}
          and create an app. The{' '}
          <Link href={i.docsUrl} target="_blank" rel="noopener noreferrer">
            API documentation
          </Link>{' '}
          explains the details.
        </Step>
        <Step title="Ask for these scopes">
          {i.scopes.length > 0 ? (
            <Box component="span" sx={{ ...code, wordBreak: 'normal' }}>
              {i.scopes.join(' ')}
            </Box>
          ) : (
            'This provider has no scopes to choose.'
          )}
        </Step>
        <Step title="Enter this redirect URI">
          <CopyLine text={i.redirectUri} label="Copy the redirect URI" />
        </Step>
        <Step title="Set these environment variables">
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {required.map((name) => (
              <li key={name}>
                <Box component="span" sx={code}>
                  {name}
                </Box>
              </li>
            ))}
            {optional.map((name) => (
              <li key={name}>
                <Box component="span" sx={code}>
                  {name}
                </Box>{' '}
                (optional: only to point at a stand-in of the API)
              </li>
            ))}
          </Box>
          with the client id and secret the provider gave you.
        </Step>
        <Step title="Restart the server">
          Healthfolio reads its settings when it starts. After a restart this card shows Connect.
        </Step>
      </Box>
      <SelfTest kind={i.kind} />
      <Typography variant="body2" color="text.secondary">
        Rate limit: {i.rateLimit}. History: {backfillText(i.backfillDays).toLowerCase()}. Syncs{' '}
        {everyText(i.syncEveryMinutes)}.
        {i.fileFallback ? ` Without an app, import the ${i.fileFallback} instead.` : ''}
      </Typography>
    </Stack>
  );
}

/** Asks the provider whether it knows the configured client id and secret, and says the answer. */
function SelfTest({ kind }: { kind: string }) {
  const [state, setState] = useState<{ ok: boolean; message: string } | 'checking' | null>(null);
  const check = () => {
    setState('checking');
    selfTestSource(kind).then(setState, (error: unknown) =>
      setState({ ok: false, message: toApiError(error).message }),
    );
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button variant="outlined" onClick={check} disabled={state === 'checking'}>
        Check the client id and secret
      </Button>
      {state === 'checking' && <CircularProgress size={20} aria-label="Checking" />}
      {state && state !== 'checking' && (
        <Alert severity={state.ok ? 'success' : 'error'} role="status">
          {state.message}
        </Alert>
      )}
    </Stack>
  );
}

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Typography component="div" variant="body2">
        {children}
      </Typography>
    </li>
  );
}

/** A value to paste elsewhere, with a button that copies it. */
function CopyLine({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () => {
    // Not every browser offers the clipboard (plain http on another host does not).
    if (!('clipboard' in navigator)) return setCopied(false);
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <Box component="code" sx={{ ...code, bgcolor: 'action.hover', px: 1, py: 0.5, borderRadius: 1 }}>
        {text}
      </Box>
      <Button size="small" startIcon={<ContentCopyOutlined />} onClick={copy} aria-label={label}>
        {copied ? 'Copied' : 'Copy'}
      </Button>
      {copied === false && (
        <Typography variant="caption" color="text.secondary" role="status">
          Copying is not allowed here; select the text instead.
        </Typography>
      )}
    </Stack>
  );
}
