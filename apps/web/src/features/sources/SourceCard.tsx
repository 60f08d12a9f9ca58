// Over 300 lines: one card with many states (not set up, connected, syncing, failing) and their dialogs.
import type { DataSource } from '@healthfolio/core';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api';
import { connectDialogs, manageDialogs } from './connect-dialogs';
import { CredentialsDialog } from './CredentialsDialog';
import { DisconnectDialog } from './DisconnectDialog';
import { useSourceActions, useSyncStatus } from './queries';
import { SetupWizard } from './SetupWizard';
import { openConsentPage } from './consent-page';
import type { ConnectInput, DisconnectResult } from './sources-api';
import {
  connects,
  formatCount,
  holdingText,
  importInsteadText,
  lastSyncText,
  sourceBrings,
  sourceFile,
  sourceName,
  sourceNote,
} from './source-text';
import { SandboxChip, SourceStatusChip } from './SourceStatusChip';
import { SourceAvatar } from './SourceAvatar';
import { SyncDetails } from './SyncDetails';
import { SyncProgress } from './SyncProgress';

interface SourceCardProps {
  source: DataSource;
  /** The time "Synced 5 minutes ago" is counted from. */
  now: number;
  /** Takes the person to the import drop zone. */
  onImportInstead: () => void;
  /** The person operates this server: connector set-up hints and the set-up wizard are for them. */
  operator?: boolean;
  /** "Add a source": what it brings cut to two lines. */
  compact?: boolean;
}

type Open = 'credentials' | 'disconnect' | 'setup' | 'own' | null;
type Feedback = { severity: 'success' | 'error' | 'info'; text: string } | null;

const borderColors: Record<DataSource['status'], string | undefined> = {
  disconnected: undefined,
  connected: 'success.main',
  syncing: 'info.main',
  error: 'error.main',
};

/** One source: what it brings, its connection and sync state, and what can be done with it. */
export function SourceCard({
  source,
  now,
  onImportInstead,
  operator = false,
  compact = false,
}: SourceCardProps) {
  const { t } = useTranslation('sources');
  const { kind, status } = source;
  const name = sourceName(source);
  const fileFallback = sourceFile(source);
  const note = sourceNote(kind);
  const detailsId = useId();
  const actions = useSourceActions(kind);
  const live = useSyncStatus(kind, status === 'syncing');
  const [open, setOpen] = useState<Open>(null);
  const [credentialsSandbox, setCredentialsSandbox] = useState(false);
  const [details, setDetails] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const OwnDialog = connectDialogs[kind];
  const canConnect = connects(source) || !!OwnDialog;
  const notSetUp = canConnect && !source.configured;
  const connected = status === 'connected' || status === 'syncing';
  const holding = holdingText(source, now);
  const fail = (e: unknown) => setFeedback({ severity: 'error', text: toApiError(e).message });

  const connect = (input: ConnectInput = {}) => {
    setFeedback(null);
    if (OwnDialog || source.connectMethod === 'credentials') {
      setCredentialsSandbox(!!input.sandbox);
      return setOpen(OwnDialog ? 'own' : 'credentials');
    }
    actions.connect(input).then((result) => {
      if (result.authorizationUrl) openConsentPage(result.authorizationUrl);
    }, fail);
  };
  const sync = () => {
    setFeedback(null);
    actions.sync().catch(fail);
  };
  const disconnected = (result: DisconnectResult) => {
    setOpen(null);
    setDetails(false);
    setFeedback({
      severity: 'success',
      text:
        result.deletedSamples > 0
          ? t('card.disconnectedDeleted', {
              name,
              count: result.deletedSamples,
              n: formatCount(result.deletedSamples),
            })
          : t('card.disconnectedKept', { name }),
    });
  };

  return (
    <Card
      component="article"
      aria-label={name}
      variant="outlined"
      data-status={status}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: borderColors[status],
        borderWidth: status === 'disconnected' ? 1 : 2,
      }}
    >
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <SourceAvatar kind={kind} name={name} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {source.customName ?? name}
            </Typography>
            {source.customName && (
              <Typography variant="caption" color="text.secondary" component="p">
                {name}
              </Typography>
            )}
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.25 }}>
              {(canConnect || status !== 'disconnected') && <SourceStatusChip status={status} />}
              {source.sandbox && <SandboxChip />}
            </Stack>
          </Box>
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          gutterBottom
          sx={
            compact
              ? {
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }
              : undefined
          }
        >
          {sourceBrings(source)}
        </Typography>
        <Stack spacing={1} sx={{ mt: 1 }}>
          {source.sandbox && (
            <Typography variant="caption" color="text.secondary">
              {t('card.sandboxNote', { name })}
            </Typography>
          )}
          {holding && (
            <Typography variant="body2" data-testid="holding">
              {holding}
            </Typography>
          )}
          {status !== 'disconnected' && (
            <Typography variant="body2" data-testid="last-sync">
              {lastSyncText(source.lastSync, now)}
            </Typography>
          )}
          {status === 'syncing' && <SyncProgress name={name} status={live.data} />}
          {status === 'error' && source.lastError && (
            <Alert severity="error" role="note" data-testid="source-error">
              {source.lastError}
            </Alert>
          )}
          {notSetUp && status === 'disconnected' && operator && (
            <Alert severity="info" role="note" data-testid="not-set-up" sx={{ py: 0 }}>
              {t('card.notSetUp')} {source.sandboxAvailable ? t('card.untilSandbox') : t('card.untilNever')}
            </Alert>
          )}
          {notSetUp && status === 'disconnected' && !operator && (
            <Typography variant="caption" color="text.secondary" data-testid="sandbox-only">
              {source.sandboxAvailable ? t('card.sandboxOnly') : t('card.notOffered')}
            </Typography>
          )}
          {!canConnect && (
            <Typography variant="body2">
              {fileFallback ? t('card.noAccount', { file: fileFallback }) : t('card.serverSetUp')}
            </Typography>
          )}
          {note && (
            <Alert severity="info" role="note" icon={false}>
              {note}
            </Alert>
          )}
          {canConnect && fileFallback && (
            <Box>
              <Link
                component="button"
                type="button"
                variant="body2"
                onClick={onImportInstead}
                sx={{ textAlign: 'left' }}
              >
                {importInsteadText(source)}
              </Link>
              <Typography variant="caption" color="text.secondary" component="p">
                {fileFallback}
              </Typography>
            </Box>
          )}
          {feedback && (
            <Alert
              severity={feedback.severity}
              role={feedback.severity === 'error' ? 'alert' : 'status'}
              onClose={() => setFeedback(null)}
            >
              {feedback.text}
            </Alert>
          )}
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 2 }} disableSpacing>
        {canConnect && !connected && (
          <Button
            variant="contained"
            size="small"
            onClick={() => connect()}
            disabled={actions.pending === 'connect' || (notSetUp && !source.sandboxAvailable)}
          >
            {actions.pending === 'connect'
              ? t('card.connecting')
              : status === 'error'
                ? t('card.connectAgain')
                : t('card.connect')}
          </Button>
        )}
        {connected && OwnDialog && manageDialogs.has(kind) && (
          <Button size="small" variant="outlined" onClick={() => setOpen('own')}>
            {t('card.ingestUrl')}
          </Button>
        )}
        {notSetUp && operator && !connected && (
          <Button size="small" variant="outlined" onClick={() => setOpen('setup')}>
            {t('card.setUp')}
          </Button>
        )}
        {canConnect && connected && source.syncs && (
          <Button
            size="small"
            variant="outlined"
            onClick={sync}
            disabled={status === 'syncing' || actions.pending === 'sync'}
          >
            {status === 'syncing' ? t('card.syncing') : t('card.syncNow')}
          </Button>
        )}
        {status !== 'disconnected' && (
          <Button size="small" color="inherit" onClick={() => setOpen('disconnect')}>
            {t('card.disconnect')}
          </Button>
        )}
        {!canConnect && fileFallback && (
          <Button size="small" variant="outlined" onClick={onImportInstead}>
            {t('card.importFile')}
          </Button>
        )}
        {(status !== 'disconnected' || source.lastSync) && (
          <Button
            size="small"
            color="inherit"
            aria-expanded={details}
            aria-controls={detailsId}
            onClick={() => setDetails((d) => !d)}
            endIcon={
              <ExpandMoreOutlined
                sx={{ transform: details ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
              />
            }
            sx={{ ml: 'auto' }}
          >
            {t('card.syncDetails')}
          </Button>
        )}
      </CardActions>
      <Collapse in={details} id={detailsId} mountOnEnter unmountOnExit>
        <Box sx={{ px: 2, pb: 2 }}>
          <SyncDetails kind={kind} name={name} />
        </Box>
      </Collapse>
      {open === 'credentials' && (
        <CredentialsDialog
          source={source}
          sandbox={credentialsSandbox}
          pending={actions.pending === 'connect'}
          onConnect={actions.connect}
          onClose={() => setOpen(null)}
          onConnected={() => setOpen(null)}
        />
      )}
      {open === 'own' && OwnDialog && (
        <OwnDialog
          source={source}
          sandbox={credentialsSandbox}
          onClose={() => setOpen(null)}
          onImportInstead={onImportInstead}
          onConnected={() => {
            setOpen(null);
            setFeedback({ severity: 'success', text: t('card.connected', { name }) });
          }}
        />
      )}
      {open === 'disconnect' && (
        <DisconnectDialog
          source={source}
          pending={actions.pending === 'disconnect'}
          onDisconnect={actions.disconnect}
          onClose={() => setOpen(null)}
          onDisconnected={disconnected}
        />
      )}
      {open === 'setup' && (
        <SetupWizard
          source={source}
          onClose={() => setOpen(null)}
          onTrySandbox={() => {
            setOpen(null);
            connect({ sandbox: true });
          }}
        />
      )}
    </Card>
  );
}
