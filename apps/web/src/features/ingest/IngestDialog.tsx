import { isNamedSourceKind, type ConnectResult } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { toApiError } from '../../lib/api';
import { TextInput } from '../forms/TextInput';
import type { ConnectDialogProps } from '../sources/connect-dialogs';
import { useSourceActions } from '../sources/queries';
import { formatDate, sourceName, timeAgo } from '../sources/source-text';
import { useNow } from '../sources/use-now';
import { CopyableUrl } from './CopyableUrl';
import { rotateIngest, type IngestStatus } from './ingest-api';
import { guideFor, receivedText } from './ingest-text';
import { OwnJsonHelp } from './OwnJsonHelp';
import { ingestKeys, useIngestStatus } from './queries';

/**
 * Apple Health, Health Connect and the generic kinds: the set-up steps of the app that posts, and the
 * personal ingest URL it posts to — shown once when made, then only its last characters, its last
 * post and a way to replace it. Generic kinds are named first ("Omron cuff").
 */
export function IngestDialog({ source, onClose, onConnected, onImportInstead }: ConnectDialogProps) {
  const { t } = useTranslation(['ingest', 'sources']);
  const titleId = useId();
  const { kind } = source;
  const named = isNamedSourceKind(kind);
  const guide = guideFor(kind);
  const queryClient = useQueryClient();
  const actions = useSourceActions(kind);
  const [name, setName] = useState(source.customName ?? '');
  const [result, setResult] = useState<ConnectResult | null>(null);
  const [fresh, setFresh] = useState<IngestStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);
  const connected = source.status !== 'disconnected' || result !== null;
  const status = useIngestStatus(kind, connected);
  const current = fresh ?? status.data ?? null;
  const pending = actions.pending === 'connect' || rotating;
  const shown = fresh?.url ?? null;
  const now = useNow();

  const remember = (ingest: IngestStatus) => {
    queryClient.setQueryData(ingestKeys.status(kind), { ...ingest, url: null });
    if (ingest.url) setFresh(ingest);
  };
  const fail = (e: unknown) => setError(toApiError(e).message);

  const make = (event?: FormEvent) => {
    event?.preventDefault();
    setError(null);
    if (named && !name.trim()) {
      setError(t('dialog.nameFirst'));
      return;
    }
    actions.connect(named ? { name: name.trim() } : {}).then((r) => {
      setResult(r);
      if (r.ingest) remember(r.ingest);
    }, fail);
  };
  const rotate = () => {
    setError(null);
    setRotating(true);
    rotateIngest(kind)
      .then(remember, fail)
      .finally(() => setRotating(false));
  };
  const close = () => (result ? onConnected(result) : onClose());
  const hasUrl = current !== null;

  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby={titleId} scroll="body">
      <DialogTitle id={titleId}>
        {named
          ? t('dialog.setUp', { name: source.customName ?? sourceName(source) })
          : t('dialog.connect', { name: sourceName(source) })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{guide.intro}</DialogContentText>
          {named && (
            <Stack component="form" onSubmit={make} noValidate direction="row" spacing={1} useFlexGap>
              <TextInput
                label={t('dialog.name')}
                required
                autoFocus={!source.customName}
                value={name}
                onChange={setName}
                helperText={t('dialog.nameHelp')}
              />
              {hasUrl && (
                <Button type="submit" disabled={pending || name.trim() === (source.customName ?? '')}>
                  {t('dialog.saveName')}
                </Button>
              )}
            </Stack>
          )}
          <Stack component="ol" spacing={1} sx={{ pl: 3, my: 0 }} aria-label={t('dialog.steps')}>
            {guide.steps.map((step) => (
              <Typography component="li" variant="body2" key={step}>
                {step}
              </Typography>
            ))}
          </Stack>
          {error && <Alert severity="error">{error}</Alert>}

          <Stack component="section" spacing={1} aria-labelledby={`${titleId}-url`}>
            <Typography id={`${titleId}-url`} variant="subtitle2" component="h3">
              {t('dialog.yourUrl')}
            </Typography>
            {shown && (
              <>
                <Alert severity="warning">{t('dialog.copyNow')}</Alert>
                <CopyableUrl url={shown} />
              </>
            )}
            {!shown && current && (
              <Typography variant="body2">
                <Trans
                  t={t}
                  i18nKey="dialog.endsIn"
                  values={{ hint: current.hint, date: formatDate(current.createdAt) }}
                  components={{ code: <code /> }}
                />
              </Typography>
            )}
            {current && (
              <Typography variant="body2" color="text.secondary" data-testid="ingest-received">
                {receivedText(current, (iso) => timeAgo(iso, now))}
              </Typography>
            )}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              {!hasUrl && (
                <Button variant="contained" onClick={() => make()} disabled={pending || status.isFetching}>
                  {actions.pending === 'connect' ? t('dialog.making') : t('dialog.make')}
                </Button>
              )}
              {hasUrl && (
                <>
                  <Button variant="outlined" onClick={rotate} disabled={pending}>
                    {rotating ? t('dialog.rotating') : t('dialog.rotate')}
                  </Button>
                  <Typography variant="caption" color="text.secondary">
                    {t('dialog.oldStops')}
                  </Typography>
                </>
              )}
            </Stack>
          </Stack>

          <Divider />
          <OwnJsonHelp url={shown} />
          <Divider />
          <Typography variant="body2">
            {guide.otherWays}{' '}
            {onImportInstead && (
              <Link
                component="button"
                type="button"
                variant="body2"
                onClick={() => {
                  close();
                  onImportInstead();
                }}
              >
                {t('dialog.importFile')}
              </Link>
            )}
            {named && (
              <>
                {' · '}
                <Link component={RouterLink} to="/dashboard" variant="body2">
                  {t('dialog.addMeasurement')}
                </Link>
              </>
            )}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{hasUrl ? t('actions.done') : t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
