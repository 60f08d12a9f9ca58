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
import { Trans, useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api';
import { useIntegrations } from './queries';
import { selfTestSource } from './sources-api';
import { backfillText, everyText, sourceName } from './source-text';

interface SetupWizardProps {
  source: DataSource;
  onClose: () => void;
  /** Connects the sandbox provider instead; offered when the server has them. */
  onTrySandbox: () => void;
}

const code = { fontFamily: 'monospace', fontSize: '0.875rem', wordBreak: 'break-all' } as const;

/** The operator's walk through registering an app with the provider (issue 7, part 5). */
export function SetupWizard({ source, onClose, onTrySandbox }: SetupWizardProps) {
  const { t } = useTranslation('sources');
  const name = sourceName(source);
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const integrations = useIntegrations();
  const integration = integrations.data?.find((i) => i.kind === source.kind);
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('setup.title', { name })}</DialogTitle>
      <DialogContent>
        {integrations.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('setup.loading')} />
          </Box>
        )}
        {integrations.isError && <Alert severity="error">{toApiError(integrations.error).message}</Alert>}
        {integrations.isSuccess && !integration && (
          <Alert severity="info" role="note">
            {t('setup.noSetup', { name })}
          </Alert>
        )}
        {integration && <SetupSteps integration={integration} />}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {source.sandboxAvailable && (
          <Button onClick={onTrySandbox} sx={{ mr: 'auto' }}>
            {t('setup.trySandbox')}
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          {t('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SetupSteps({ integration: i }: { integration: Integration }) {
  const { t } = useTranslation('sources');
  const required = i.env.filter((name) => !name.endsWith('_BASE_URL'));
  const optional = i.env.filter((name) => name.endsWith('_BASE_URL'));
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('setup.intro', { name: i.name })}</Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, '& > li': { mb: 2 } }}>
        <Step title={t('setup.register')}>
          <Trans
            t={t}
            i18nKey="setup.registerBody"
            values={{ url: i.registerAppUrl }}
            components={{
              site: <Link href={i.registerAppUrl} target="_blank" rel="noopener noreferrer" />,
              docs: <Link href={i.docsUrl} target="_blank" rel="noopener noreferrer" />,
            }}
          />
        </Step>
        <Step title={t('setup.scopes')}>
          {i.scopes.length > 0 ? (
            <Box component="span" sx={{ ...code, wordBreak: 'normal' }}>
              {i.scopes.join(' ')}
            </Box>
          ) : (
            t('setup.noScopes')
          )}
        </Step>
        <Step title={t('setup.redirect')}>
          <CopyLine text={i.redirectUri} label={t('setup.copyRedirect')} />
        </Step>
        <Step title={t('setup.env')}>
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
                {t('setup.optional')}
              </li>
            ))}
          </Box>
          {t('setup.withSecret')}
        </Step>
        <Step title={t('setup.restart')}>{t('setup.restartBody')}</Step>
      </Box>
      <SelfTest kind={i.kind} />
      <Typography variant="body2" color="text.secondary">
        {t('setup.summary', {
          rate: i.rateLimit,
          history: backfillText(i.backfillDays),
          every: everyText(i.syncEveryMinutes),
        })}
        {i.fileFallback ? ` ${t('setup.withoutApp', { file: i.fileFallback })}` : ''}
      </Typography>
    </Stack>
  );
}

/** Asks the provider whether it knows the configured client id and secret, and says the answer. */
function SelfTest({ kind }: { kind: string }) {
  const { t } = useTranslation('sources');
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
        {t('setup.check')}
      </Button>
      {state === 'checking' && <CircularProgress size={20} aria-label={t('setup.checking')} />}
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
  const { t } = useTranslation('sources');
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
        {copied ? t('actions.copied') : t('actions.copy')}
      </Button>
      {copied === false && (
        <Typography variant="caption" color="text.secondary" role="status">
          {t('setup.copyBlocked')}
        </Typography>
      )}
    </Stack>
  );
}
