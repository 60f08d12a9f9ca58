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
import { useState, type FormEvent } from 'react';
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
  webhookEventLabels,
  webhooksKey,
} from './webhooks-api';

/** Settings → Webhooks: signed messages to the person's own URL when their data changes (issue 27). */
export function WebhooksSection() {
  const webhooks = useWebhooks();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);

  return (
    <SettingsSection
      title="Webhooks"
      description="Healthfolio sends a signed message (Standard Webhooks) to your https URL when something happens. Readings' values are sent only if you tick Include values."
    >
      <AddWebhookForm onCreated={setCreated} />
      {created && (
        <Alert severity="success" onClose={() => setCreated(null)}>
          Webhook added. Its signing secret is shown only now — keep it to verify our messages:
          <Box
            component="code"
            sx={{ display: 'block', mt: 1, wordBreak: 'break-all' }}
            aria-label="Signing secret"
          >
            {created.secret}
          </Box>
        </Alert>
      )}
      {webhooks.isPending && <CircularProgress aria-label="Loading webhooks" size={24} />}
      {webhooks.isError && <Alert severity="error">Could not load your webhooks.</Alert>}
      {webhooks.isSuccess && webhooks.data.length === 0 && (
        <Typography color="text.secondary">No webhooks yet.</Typography>
      )}
      {webhooks.data?.map((webhook) => (
        <WebhookItem key={webhook.id} webhook={webhook} />
      ))}
    </SettingsSection>
  );
}

function AddWebhookForm({ onCreated }: { onCreated: (webhook: CreatedWebhook) => void }) {
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
          label="Webhook URL"
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/healthfolio-hook"
          required
          fullWidth
        />
        <FormGroup>
          <FormLabel component="legend">Send these events</FormLabel>
          {WEBHOOK_EVENTS.map((event) => (
            <FormControlLabel
              key={event}
              control={
                <Checkbox
                  checked={events.includes(event)}
                  onChange={(e) => toggle(event, e.target.checked)}
                />
              }
              label={webhookEventLabels[event]}
            />
          ))}
          <FormControlLabel
            control={
              <Checkbox checked={includeValues} onChange={(e) => setIncludeValues(e.target.checked)} />
            }
            label="Include values (new readings carry their numbers, not only kinds and days)"
          />
        </FormGroup>
        {add.isError && <Alert severity="error">{toApiError(add.error).message}</Alert>}
        <div>
          <Button
            type="submit"
            variant="contained"
            disabled={add.isPending || url.trim() === '' || events.length === 0}
          >
            Add webhook
          </Button>
        </div>
      </Stack>
    </Box>
  );
}

function WebhookItem({ webhook }: { webhook: Webhook }) {
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
      aria-label={`Webhook ${webhook.url}`}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ wordBreak: 'break-all', fontWeight: 500 }}>{webhook.url}</Typography>
        <Chip size="small" color={active ? 'success' : 'default'} label={active ? 'Active' : 'Turned off'} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {webhook.events.map((e) => webhookEventLabels[e]).join(' · ')}
        {webhook.includeValues ? ' · with values' : ''}
      </Typography>
      {!active && (
        <Typography variant="body2" color="text.secondary">
          Turned off after a day of failed deliveries. Delete it and add it again once the receiver works.
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          disabled={!active || test.isPending}
          onClick={() => test.mutate()}
        >
          Send test event
        </Button>
        <Button size="small" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
          {showLog ? 'Hide delivery log' : 'Delivery log'}
        </Button>
        <Button size="small" color="error" disabled={remove.isPending} onClick={() => remove.mutate()}>
          Delete
        </Button>
      </Stack>
      {test.isError && <Alert severity="error">{toApiError(test.error).message}</Alert>}
      {remove.isError && <Alert severity="error">{toApiError(remove.error).message}</Alert>}
      {showLog && <DeliveryLog id={webhook.id} />}
    </Box>
  );
}

function DeliveryLog({ id }: { id: string }) {
  const log = useDeliveries(id);
  if (log.isPending) return <CircularProgress aria-label="Loading the delivery log" size={20} />;
  if (log.isError) return <Alert severity="error">Could not load the delivery log.</Alert>;
  if (log.data.length === 0) return <Typography color="text.secondary">Nothing sent yet.</Typography>;
  return (
    <List dense disablePadding aria-label="Delivery log">
      {log.data.map((d) => (
        <ListItem key={d.id} disableGutters divider>
          <ListItemText
            primary={`${d.event === 'webhook.test' ? 'Test event' : d.event}: ${describeDelivery(d)}`}
            secondary={<time dateTime={d.createdAt}>{formatTime(d.createdAt)}</time>}
          />
        </ListItem>
      ))}
    </List>
  );
}
