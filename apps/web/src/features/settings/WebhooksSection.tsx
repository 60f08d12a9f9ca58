import { WEBHOOK_EVENTS, type CreatedWebhook, type Webhook, type WebhookEvent } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api';
import { SettingsSection } from './SettingsSection';
import {
  createWebhook,
  deleteWebhook,
  deliveriesKey,
  describeDelivery,
  formatTime,
  sendTestEvent,
  useDeliveries,
  useWebhooks,
  webhookEventLabel,
  webhooksKey,
} from './webhooks-api';

/** Settings → Webhooks: signed messages to the person's own URL when their data changes (issue 27). */
export function WebhooksSection() {
  const { t } = useTranslation('settings');
  const webhooks = useWebhooks();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);

  return (
    <SettingsSection title={t('webhooks.title')} description={t('webhooks.description')}>
      <AddWebhookForm onCreated={setCreated} />
      {created && (
        <Alert severity="success" onClose={() => setCreated(null)}>
          {t('webhooks.added')}
          <Box
            component="code"
            sx={{ display: 'block', mt: 1, wordBreak: 'break-all' }}
            aria-label={t('webhooks.secret')}
          >
            {created.secret}
          </Box>
        </Alert>
      )}
      {webhooks.isPending && <CircularProgress aria-label={t('webhooks.loading')} size={24} />}
      {webhooks.isError && <Alert severity="error">{t('webhooks.loadFailed')}</Alert>}
      {webhooks.isSuccess && webhooks.data.length === 0 && (
        <Typography color="text.secondary">{t('webhooks.empty')}</Typography>
      )}
      {webhooks.data?.map((webhook) => (
        <WebhookItem key={webhook.id} webhook={webhook} />
      ))}
    </SettingsSection>
  );
}

function AddWebhookForm({ onCreated }: { onCreated: (webhook: CreatedWebhook) => void }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['sync.finished', 'import.finished']);
  const [includeValues, setIncludeValues] = useState(false);
  const add = useMutation({
    mutationFn: () => createWebhook({ url, events, includeValues }),
    onSuccess: (webhook) => {
      setUrl('');
      onCreated(webhook);
      void queryClient.invalidateQueries({ queryKey: webhooksKey });
    },
  });
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <TextField
          label={t('webhooks.url')}
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/healthfolio-hook"
          required
          fullWidth
        />
        <FormGroup>
          <FormLabel component="legend">{t('webhooks.eventsLabel')}</FormLabel>
          {WEBHOOK_EVENTS.map((event) => (
            <FormControlLabel
              key={event}
              control={
                <Checkbox
                  checked={events.includes(event)}
                  onChange={(e) => toggle(event, e.target.checked)}
                />
              }
              label={webhookEventLabel(event, t)}
            />
          ))}
          <FormControlLabel
            control={
              <Checkbox checked={includeValues} onChange={(e) => setIncludeValues(e.target.checked)} />
            }
            label={t('webhooks.includeValues')}
          />
        </FormGroup>
        {add.isError && <Alert severity="error">{toApiError(add.error).message}</Alert>}
        <div>
          <Button
            type="submit"
            variant="contained"
            disabled={add.isPending || url.trim() === '' || events.length === 0}
          >
            {t('webhooks.add')}
          </Button>
        </div>
      </Stack>
    </Box>
  );
}

function WebhookItem({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const test = useMutation({
    mutationFn: () => sendTestEvent(webhook.id),
    onSuccess: () => {
      setShowLog(true);
      void queryClient.invalidateQueries({ queryKey: deliveriesKey(webhook.id) });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteWebhook(webhook.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
  const active = webhook.status === 'active';

  return (
    <Box
      component="article"
      aria-label={t('webhooks.itemLabel', { url: webhook.url })}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ wordBreak: 'break-all', fontWeight: 500 }}>{webhook.url}</Typography>
        <Chip
          size="small"
          color={active ? 'success' : 'default'}
          label={active ? t('webhooks.active') : t('webhooks.turnedOff')}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {webhook.events.map((e) => webhookEventLabel(e, t)).join(' · ')}
        {webhook.includeValues ? ` · ${t('webhooks.withValues')}` : ''}
      </Typography>
      {!active && (
        <Typography variant="body2" color="text.secondary">
          {t('webhooks.turnedOffHelp')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          disabled={!active || test.isPending}
          onClick={() => test.mutate()}
        >
          {t('webhooks.sendTest')}
        </Button>
        <Button size="small" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
          {showLog ? t('webhooks.hideLog') : t('webhooks.log')}
        </Button>
        <Button size="small" color="error" disabled={remove.isPending} onClick={() => remove.mutate()}>
          {t('actions.delete')}
        </Button>
      </Stack>
      {test.isError && <Alert severity="error">{toApiError(test.error).message}</Alert>}
      {remove.isError && <Alert severity="error">{toApiError(remove.error).message}</Alert>}
      {showLog && <DeliveryLog id={webhook.id} />}
    </Box>
  );
}

/** A delivery's event in words: the test event, a known event's name, or a newer event's code. */
function deliveryEventName(event: string, t: TFunction<'settings'>): string {
  if (event === 'webhook.test') return t('webhooks.testEvent');
  const known = WEBHOOK_EVENTS.find((e) => e === event);
  return known ? webhookEventLabel(known, t) : event;
}

function DeliveryLog({ id }: { id: string }) {
  const { t } = useTranslation('settings');
  const log = useDeliveries(id);
  if (log.isPending) return <CircularProgress aria-label={t('webhooks.logLoading')} size={20} />;
  if (log.isError) return <Alert severity="error">{t('webhooks.logFailed')}</Alert>;
  if (log.data.length === 0) return <Typography color="text.secondary">{t('webhooks.logEmpty')}</Typography>;
  return (
    <List dense disablePadding aria-label={t('webhooks.log')}>
      {log.data.map((d) => (
        <ListItem key={d.id} disableGutters divider>
          <ListItemText
            primary={`${deliveryEventName(d.event, t)}: ${describeDelivery(d, t)}`}
            secondary={<time dateTime={d.createdAt}>{formatTime(d.createdAt)}</time>}
          />
        </ListItem>
      ))}
    </List>
  );
}
