import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_TEST_EVENT,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery as DeliveryView,
  type WebhookEvent,
  type WebhookInput,
} from '@healthfolio/core';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound } from '../../http/errors';
import type { TokenVault } from '../sources';
import { sealSecret, type WebhookDelivery } from './webhook-delivery';
import { checkWebhookUrl, WebhookTargetError } from './webhook-target';
import type { DeliveryRow, WebhookRow, WebhooksRepository } from './webhooks.repository';

/** Webhooks one person may have. */
export const MAX_WEBHOOKS = 10;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export interface WebhooksServiceDeps {
  repo: WebhooksRepository;
  vault: TokenVault;
  delivery: WebhookDelivery;
  allowPrivate: boolean;
  log: FastifyBaseLogger;
  now: () => number;
}

/** What one event says; `values` (readings) reach only webhooks with "include values" ticked. */
export interface EventData {
  data: Record<string, unknown>;
  values?: readonly unknown[];
}

/** Outgoing webhooks (issue 27): the person's endpoints, and the messages queued for them. */
export class WebhooksService {
  constructor(private readonly deps: WebhooksServiceDeps) {}

  async create(userId: string, input: WebhookInput): Promise<CreatedWebhook> {
    let url: URL;
    try {
      url = await checkWebhookUrl(input.url.trim(), this.deps.allowPrivate);
    } catch (error) {
      if (error instanceof WebhookTargetError) throw new AppError('validation', error.message);
      throw error;
    }
    if ((await this.deps.repo.list(userId)).length >= MAX_WEBHOOKS) {
      throw new AppError('conflict', `You can have up to ${MAX_WEBHOOKS} webhooks; delete one first.`);
    }
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const row: WebhookRow = {
      id: randomUUID(),
      user_id: userId,
      url: url.toString(),
      events: JSON.stringify([...new Set(input.events)]),
      include_values: input.includeValues ? 1 : 0,
      secret: sealSecret(this.deps.vault, secret),
      status: 'active',
      failing_since: null,
      created_at: this.deps.now(),
    };
    await this.deps.repo.insert(row);
    return { ...present(row, undefined), secret };
  }

  async list(userId: string): Promise<Webhook[]> {
    const latest = await this.deps.repo.latest(userId);
    return (await this.deps.repo.list(userId)).map((row) => present(row, latest.get(row.id)));
  }

  async deliveries(userId: string, id: string): Promise<DeliveryView[]> {
    const webhook = await this.owned(userId, id);
    return (await this.deps.repo.deliveries(webhook.id)).map(presentDelivery);
  }

  /** "Send test event": one `webhook.test` message, delivered like any other. */
  async test(userId: string, id: string): Promise<DeliveryView> {
    const webhook = await this.owned(userId, id);
    if (webhook.status !== 'active') {
      throw new AppError('conflict', 'This webhook is turned off; add it again to send to it.');
    }
    const row = await this.queue(webhook, WEBHOOK_TEST_EVENT, {
      data: { message: 'A test event from Healthfolio.' },
    });
    this.deps.delivery.kick();
    return presentDelivery(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.deps.repo.remove(userId, id))) throw notFound('Webhook');
  }

  /** Whether any active webhook of the person takes `event` (so work only it needs is skipped otherwise). */
  async wants(userId: string, event: WebhookEvent): Promise<boolean> {
    const hooks = await this.deps.repo.active(userId);
    return hooks.some((w) => (JSON.parse(w.events) as string[]).includes(event));
  }

  /**
   * Queues `event` for every active webhook of the person that takes it. Never throws: a failure to
   * queue is logged and the caller (an import, a sync) goes on.
   */
  async emit(userId: string, event: WebhookEvent, payload: EventData): Promise<void> {
    try {
      const hooks = (await this.deps.repo.active(userId)).filter((w) =>
        (JSON.parse(w.events) as string[]).includes(event),
      );
      for (const webhook of hooks) await this.queue(webhook, event, payload);
      if (hooks.length > 0) this.deps.delivery.kick();
    } catch (error) {
      this.deps.log.error({ err: error, event }, 'a webhook event could not be queued');
    }
  }

  private async queue(webhook: WebhookRow, event: string, payload: EventData): Promise<DeliveryRow> {
    const at = this.deps.now();
    const data =
      payload.values && webhook.include_values === 1
        ? { ...payload.data, samples: payload.values }
        : payload.data;
    const row: DeliveryRow = {
      id: `msg_${randomUUID().replaceAll('-', '')}`,
      user_id: webhook.user_id,
      webhook_id: webhook.id,
      event,
      payload: JSON.stringify({ type: event, timestamp: new Date(at).toISOString(), data }),
      status: 'pending',
      attempts: 0,
      status_code: null,
      error: null,
      next_attempt_at: at,
      created_at: at,
      finished_at: null,
    };
    await this.deps.repo.insertDelivery(row);
    return row;
  }

  private async owned(userId: string, id: string): Promise<WebhookRow> {
    const row = await this.deps.repo.get(userId, id);
    if (!row) throw notFound('Webhook');
    return row;
  }
}

function present(row: WebhookRow, latest: DeliveryRow | undefined): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEvent[],
    includeValues: row.include_values === 1,
    status: row.status as Webhook['status'],
    createdAt: iso(row.created_at)!,
    lastDelivery: latest
      ? {
          status: latest.status as DeliveryView['status'],
          at: iso(latest.finished_at ?? latest.created_at)!,
        }
      : null,
  };
}

function presentDelivery(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    event: row.event,
    status: row.status as DeliveryView['status'],
    attempts: row.attempts,
    statusCode: row.status_code,
    error: row.error,
    createdAt: iso(row.created_at)!,
    nextAttemptAt: iso(row.next_attempt_at),
    finishedAt: iso(row.finished_at),
  };
}
