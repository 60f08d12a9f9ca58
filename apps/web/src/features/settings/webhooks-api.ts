import type { WebhookDelivery, WebhookEvent, WebhookInput } from '@healthfolio/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { currentLocale } from '../../i18n';
import { api } from '../../lib/api';

export const webhooksKey = ['webhooks'] as const;
export const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;

/** What each event is called on screen. */
export const webhookEventLabel = (event: WebhookEvent, t: TFunction<'settings'>) =>
  t(`webhooks.events.${event.replace('.', '_')}`);

export function useWebhooks() {
  return useQuery({
    queryKey: webhooksKey,
    queryFn: ({ signal }) => api.get('/api/webhooks', { signal }),
  });
}

/** A webhook's delivery log; polled while a delivery is still waiting for its attempt. */
export function useDeliveries(id: string) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: ({ signal }) => api.get('/api/webhooks/:id/deliveries', { params: { id }, signal }),
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'pending' && d.attempts === 0) ? 1000 : false,
  });
}

export const createWebhook = (input: WebhookInput) => api.post('/api/webhooks', { body: input });
export const sendTestEvent = (id: string) => api.post('/api/webhooks/:id/test', { params: { id } });
export const deleteWebhook = (id: string) => api.delete('/api/webhooks/:id', { params: { id } });

/** One line of the delivery log, in words. */
export function describeDelivery(d: WebhookDelivery, t: TFunction<'settings'>): string {
  const answer = d.statusCode !== null ? t('webhooks.delivery.answered', { code: d.statusCode }) : '';
  const error = d.error ? `: ${d.error}` : '';
  if (d.status === 'delivered') return t('webhooks.delivery.delivered', { answer });
  if (d.status === 'failed') return t('webhooks.delivery.failed', { count: d.attempts, error });
  if (d.attempts === 0) return t('webhooks.delivery.sending');
  const next = d.nextAttemptAt
    ? t('webhooks.delivery.nextAttempt', { time: formatTime(d.nextAttemptAt) })
    : '';
  return t('webhooks.delivery.pending', { error, next });
}

export const formatTime = (iso: string) =>
  new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
