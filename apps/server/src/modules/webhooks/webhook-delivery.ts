import type { FastifyBaseLogger } from 'fastify';
import { Webhook as Signer } from 'standardwebhooks';
import type { JobQueue } from '../../jobs';
import type { Mailer } from '../../mail/mailer';
import { mailTemplates } from '../../mail/templates';
import type { TokenVault } from '../sources';
import { postWebhook, type PostResult } from './webhook-target';
import type { DeliveryRow, WebhookRow, WebhooksRepository } from './webhooks.repository';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/**
 * The wait after each failed attempt (the Standard Webhooks guidance's schedule, trimmed to a day):
 * 5 s, 5 min, 30 min, 2 h, 5 h, 8 h, 8 h — eight attempts over about 23.6 hours, then the delivery failed.
 */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 8 * HOUR, 8 * HOUR];
/** A webhook failing for this long without one success is disabled, and its owner told by mail. */
export const DISABLE_AFTER_MS = 24 * HOUR;
const BATCH = 20;

export interface WebhookDeliveryDeps {
  repo: WebhooksRepository;
  vault: TokenVault;
  mailer: Mailer;
  publicUrl: string;
  allowPrivate: boolean;
  log: FastifyBaseLogger;
  now: () => number;
  /** How long one attempt may take (default 10 s). */
  timeoutMs?: number;
  /** Where passes are queued. */
  queue: JobQueue;
  /** 0: no minute schedule (tests: passes only when kicked, followed up, or `deliverDue()` is called). */
  checkEveryMs?: number;
}

/** The secret a webhook signs with, kept sealed like a provider token. */
export const sealSecret = (vault: TokenVault, secret: string) => vault.seal({ accessToken: secret });
const unsealSecret = (vault: TokenVault, sealed: string) => vault.unseal(sealed)?.accessToken;

/** Passes over the due attempts: a job of the queue. */
export const DELIVERY_QUEUE = 'webhooks.deliver';
/** Once a minute, across instances, a pass is asked for (attempts whose follow-up job was lost). */
const TICK_QUEUE = 'webhooks.tick';
/** How long a pass holds an attempt it is sending; longer than any attempt may take. */
const LEASE_MS = 60 * SECOND;

/**
 * Sends webhook messages from the background. Every delivery is a row (`webhook_deliveries`) with its
 * attempts and the time of the next one, so a restart simply goes on. A pass over the due attempts is a
 * job of the queue (`webhooks.deliver`): asked for when a message is queued, by the pass itself for the
 * next attempt due (the follow-up is the handler's, not a timer's), and once a minute by a schedule that
 * runs on one instance. Each attempt is claimed before it is sent, so passes on several instances never
 * send one twice. An attempt succeeds on a 2xx answer; anything else waits for the next attempt, and
 * after the last one the delivery has failed.
 */
export class WebhookDelivery {
  private readonly queueing = new Set<Promise<unknown>>();
  private readonly passes = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly deps: WebhookDeliveryDeps) {}

  /** Takes the delivery jobs on this instance; attempts a previous process left due are asked for at once. */
  async start(): Promise<void> {
    const { queue } = this.deps;
    await queue.work(DELIVERY_QUEUE, () => this.pass());
    await queue.work(TICK_QUEUE, async () => this.kick());
    if ((this.deps.checkEveryMs ?? 5_000) > 0) await queue.schedule(TICK_QUEUE, '* * * * *');
    this.kick();
  }

  /** Asks for a pass now (a new message was queued). */
  kick(): void {
    this.ask('now', 0);
  }

  /** Resolves once everything due now has been attempted (tests wait on it). */
  async idle(): Promise<void> {
    while (this.queueing.size > 0) await Promise.allSettled([...this.queueing]);
    if (!this.closed) await this.deliverDue();
    // What a pass of the queue claimed before this one looked is sent once that pass ends.
    await Promise.allSettled([...this.passes]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.queueing]);
    await Promise.allSettled([...this.passes]);
  }

  /** One pass: every attempt due now, in order; each claimed first, so no other pass sends it. */
  async deliverDue(): Promise<void> {
    for (;;) {
      const due = await this.deps.repo.due(this.deps.now(), BATCH);
      if (due.length === 0) return;
      for (const delivery of due) {
        if (this.closed) return;
        const seen = delivery.next_attempt_at!;
        if (!(await this.deps.repo.claimAttempt(delivery.id, seen, this.deps.now() + LEASE_MS))) continue;
        await this.attempt(delivery);
      }
      if (due.length < BATCH) return;
    }
  }

  /** The job's handler: a pass, then the pass for the next attempt due is queued for its time. */
  private async pass(): Promise<void> {
    const pass = this.deliverDue();
    this.passes.add(pass);
    try {
      await pass;
    } finally {
      this.passes.delete(pass);
    }
    const next = await this.deps.repo.nextDue();
    if (next !== undefined && !this.closed) this.ask(`at:${next}`, Math.max(0, next - this.deps.now()));
  }

  private ask(key: string, inMs: number): void {
    if (this.closed) return;
    const queued = this.deps.queue
      .enqueue(
        DELIVERY_QUEUE,
        {},
        { singletonKey: key, startAfter: new Date(Date.now() + inMs), retry: { limit: 0 } },
      )
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'queueing a webhook pass failed'))
      .finally(() => this.queueing.delete(queued));
    this.queueing.add(queued);
  }

  private async attempt(delivery: DeliveryRow): Promise<void> {
    const { repo, now } = this.deps;
    const webhook = await repo.byId(delivery.webhook_id);
    if (!webhook || webhook.status !== 'active') {
      await repo.updateDelivery(delivery.id, {
        status: 'failed',
        finished_at: now(),
        next_attempt_at: null,
        error: 'The webhook was disabled.',
      });
      return;
    }
    const attempts = delivery.attempts + 1;
    const outcome = await this.send(webhook, delivery);
    const at = now();
    if ('statusCode' in outcome && outcome.statusCode >= 200 && outcome.statusCode < 300) {
      await repo.updateDelivery(delivery.id, {
        status: 'delivered',
        attempts,
        status_code: outcome.statusCode,
        error: null,
        next_attempt_at: null,
        finished_at: at,
      });
      if (webhook.failing_since !== null) await repo.update(webhook.id, { failing_since: null });
      return;
    }
    const error = 'statusCode' in outcome ? `The receiver answered ${outcome.statusCode}.` : outcome.error;
    const delay = RETRY_DELAYS_MS[attempts - 1];
    await repo.updateDelivery(delivery.id, {
      status: delay === undefined ? 'failed' : 'pending',
      attempts,
      status_code: 'statusCode' in outcome ? outcome.statusCode : null,
      error,
      next_attempt_at: delay === undefined ? null : at + delay,
      finished_at: delay === undefined ? at : null,
    });
    const failingSince = webhook.failing_since ?? at;
    if (webhook.failing_since === null) await repo.update(webhook.id, { failing_since: at });
    if (at - failingSince >= DISABLE_AFTER_MS) await this.disable(webhook, at);
  }

  private async send(webhook: WebhookRow, delivery: DeliveryRow): Promise<PostResult | { error: string }> {
    const secret = unsealSecret(this.deps.vault, webhook.secret);
    if (!secret) return { error: 'The signing secret could not be read; create the webhook again.' };
    // Signed at each attempt: receivers refuse a timestamp far from their clock.
    const at = new Date(this.deps.now());
    const signature = new Signer(secret).sign(delivery.id, at, delivery.payload);
    try {
      return await postWebhook(
        new URL(webhook.url),
        {
          'webhook-id': delivery.id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature,
        },
        delivery.payload,
        { allowPrivate: this.deps.allowPrivate, timeoutMs: this.deps.timeoutMs ?? 10_000 },
      );
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        return { error: 'The receiver did not answer in time.' };
      }
      return { error: `The receiver could not be reached: ${(error as Error).message}` };
    }
  }

  /** After a day of failures: off, its waiting messages failed, and the owner told. */
  private async disable(webhook: WebhookRow, at: number): Promise<void> {
    const { repo } = this.deps;
    await repo.update(webhook.id, { status: 'disabled' });
    await repo.failPending(webhook.id, at, 'The webhook was disabled after a day of failed deliveries.');
    const email = await repo.ownerEmail(webhook.user_id);
    if (!email) return;
    try {
      await this.deps.mailer.send(
        mailTemplates.webhookDisabled(email, `${this.deps.publicUrl}/settings`, webhook.url),
      );
    } catch (error) {
      this.deps.log.error({ err: error }, 'the webhook-disabled mail could not be sent');
    }
  }
}
