import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { PushMessage, PushStatus, PushSubscriptionInput } from '@healthfolio/core';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { AppError } from '../../http/errors';
import { isPrivateAddress } from '../reports';
import { postWebhook, type PostResult } from '../webhooks';
import type { PushRepository } from './push.repository';
import type { VapidKeys } from './vapid';

/** How long a push service keeps a message for a browser that is offline. */
const TTL_SECONDS = 24 * 3600;
/** A person may have this many browsers subscribed; the oldest beyond it stop getting messages. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

export interface PushSendResult {
  /** Messages a push service accepted (2xx). */
  sent: number;
  /** Subscriptions removed because their push service said they are gone (404, 410). */
  removed: number;
  failed: number;
}

export interface PushDeps {
  repo: PushRepository;
  keys: VapidKeys;
  /** PUSH_ALLOW_PRIVATE: push endpoints may be plain http on private or loopback addresses (the tests' push service). */
  allowPrivate: boolean;
  log: FastifyBaseLogger;
  now: () => number;
  timeoutMs?: number;
  /** How a request reaches the push service (the webhooks' POST: addresses checked at connection time). */
  post?: typeof postWebhook;
}

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and message encryption (RFC 8291), by the `web-push` package:
 * it signs and encrypts; the request goes out through the webhooks' POST, which refuses private and
 * loopback addresses at connection time (the endpoint is a URL a browser — or anyone signed in — gave).
 */
export class PushService {
  constructor(private readonly deps: PushDeps) {}

  async status(userId: string): Promise<PushStatus> {
    const rows = await this.deps.repo.list(userId);
    return { publicKey: this.deps.keys.publicKey, endpoints: rows.map((r) => r.endpoint) };
  }

  async subscribe(userId: string, input: PushSubscriptionInput): Promise<void> {
    this.checkEndpoint(input.endpoint);
    if (Buffer.from(input.keys.p256dh, 'base64url').length !== 65) {
      throw new AppError('validation', 'keys.p256dh: This is not a P-256 public key.');
    }
    if (Buffer.from(input.keys.auth, 'base64url').length !== 16) {
      throw new AppError('validation', 'keys.auth: The authentication secret must be 16 bytes.');
    }
    await this.deps.repo.upsert({
      id: randomUUID(),
      user_id: userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      created_at: this.deps.now(),
      last_sent_at: null,
    });
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    if (!(await this.deps.repo.remove(userId, endpoint))) {
      throw new AppError('not_found', 'This browser is not subscribed.');
    }
  }

  /** Sends one message to every browser of this person; a push service's 404 or 410 removes that browser. */
  async send(userId: string, message: PushMessage): Promise<PushSendResult> {
    const rows = (await this.deps.repo.list(userId)).slice(-MAX_PUSH_SUBSCRIPTIONS);
    const result: PushSendResult = { sent: 0, removed: 0, failed: 0 };
    const payload = JSON.stringify(message);
    const post = this.deps.post ?? postWebhook;
    await Promise.all(
      rows.map(async (row) => {
        let answer: PostResult;
        try {
          const details = webpush.generateRequestDetails(
            { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
            payload,
            {
              vapidDetails: this.deps.keys,
              TTL: TTL_SECONDS,
              urgency: 'normal',
              // One message of a kind waits at the push service; a newer one replaces it.
              topic: message.kind,
              contentEncoding: 'aes128gcm',
            },
          );
          answer = await post(new URL(details.endpoint), details.headers, details.body, {
            allowPrivate: this.deps.allowPrivate,
            timeoutMs: this.deps.timeoutMs ?? 10_000,
          });
        } catch (error) {
          result.failed++;
          // The endpoint is a capability: its host only, never the whole URL.
          this.deps.log.warn({ err: error, host: new URL(row.endpoint).host }, 'push message not sent');
          return;
        }
        if (answer.statusCode >= 200 && answer.statusCode < 300) {
          result.sent++;
          await this.deps.repo.sent(row.id, this.deps.now());
        } else if (answer.statusCode === 404 || answer.statusCode === 410) {
          result.removed++;
          await this.deps.repo.removeById(row.id);
        } else {
          result.failed++;
          this.deps.log.warn(
            { status: answer.statusCode, host: new URL(row.endpoint).host },
            'push service refused a message',
          );
        }
      }),
    );
    return result;
  }

  private checkEndpoint(text: string): void {
    const url = new URL(text);
    if (url.protocol !== 'https:' && !(this.deps.allowPrivate && url.protocol === 'http:')) {
      throw new AppError('validation', 'endpoint: A push service is reached over https only.');
    }
    if (url.username || url.password) {
      throw new AppError('validation', 'endpoint: A push endpoint may not carry a user name or password.');
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!this.deps.allowPrivate && (host === 'localhost' || (isIP(host) && isPrivateAddress(host)))) {
      throw new AppError(
        'validation',
        'endpoint: This address is private or loopback, which this server does not call.',
      );
    }
  }
}

/** What the insight jobs send (no health value, no goal or insight title: a lock screen shows them). */
export const pushMessages = {
  insightAlert(count: number): PushMessage {
    return {
      kind: 'insight-alert',
      title: count === 1 ? 'A new insight' : `${count} new insights`,
      body: 'Something in your recent data stands out. Open Healthfolio to see what.',
      url: '/insights',
    };
  },
  goalReminder(count: number): PushMessage {
    return {
      kind: 'goal-reminder',
      title: 'Goal reminder',
      body:
        count === 1
          ? 'You missed one of your daily goals yesterday.'
          : `You missed ${count} of your daily goals yesterday.`,
      url: '/goals',
    };
  },
  test(): PushMessage {
    return {
      kind: 'test',
      title: 'Healthfolio notifications work',
      body: 'This browser will tell you about new insights and goal reminders.',
      url: '/settings',
    };
  },
};
