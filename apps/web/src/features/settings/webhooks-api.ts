import type { CreatedWebhook, Webhook, WebhookDelivery, WebhookEvent, WebhookInput } from '@healthfolio/core';
import { useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../lib/api';

export const webhooksKey = ['webhooks'] as const;
export const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;

/** What each event is called on screen. */
export const webhookEventLabels: Record<WebhookEvent, string> = {
  'samples.created': 'New readings (metric kinds and days)',
  'import.finished': 'Import finished',
  'sync.finished': 'Sync finished',
  'insight.created': 'New insight',
  'goal.achieved': 'Goal achieved',
};

export function useWebhooks() {
  return useQuery({
    queryKey: webhooksKey,
    queryFn: ({ signal }) => apiGet<Webhook[]>('/webhooks', { signal }),
  });
}

/** A webhook's delivery log; polled while a delivery is still waiting for its attempt. */
export function useDeliveries(id: string) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: ({ signal }) => apiGet<WebhookDelivery[]>(`/webhooks/${id}/deliveries`, { signal }),
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'pending' && d.attempts === 0) ? 1000 : false,
  });
}

export const createWebhook = (input: WebhookInput) => apiPost<CreatedWebhook>('/webhooks', input);
export const sendTestEvent = (id: string) => apiPost<WebhookDelivery>(`/webhooks/${id}/test`);
export const deleteWebhook = (id: string) => apiDelete<void>(`/webhooks/${id}`);

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One line of the delivery log, in words. */
export function describeDelivery(d: WebhookDelivery): string {
  const answer = d.statusCode !== null ? ` (answered ${d.statusCode})` : '';
  if (d.status === 'delivered') return `Delivered${answer}`;
  if (d.status === 'failed') return `Failed after ${d.attempts} attempts${d.error ? `: ${d.error}` : ''}`;
  if (d.attempts === 0) return 'Sending…';
  const next = d.nextAttemptAt ? ` Next attempt ${timeFormat.format(new Date(d.nextAttemptAt))}.` : '';
  return `Not delivered yet${d.error ? `: ${d.error}` : ''}${next}`;
}

export const formatTime = (iso: string) => timeFormat.format(new Date(iso));
