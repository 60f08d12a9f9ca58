import { createHmac } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type {
  PersonCall,
  ProviderPushService,
  PushProvider,
  SubscriptionCall,
} from './provider-push.service';
import { parseSignedBody, readJsonRaw, sameSignature } from './signed-body';

const KIND = 'oura';
/** What the Oura connector reads that Oura pushes about (its heart-rate series has no webhook). */
const DATA_TYPES = ['sleep', 'daily_activity', 'daily_spo2'] as const;
const EVENT_TYPES = ['create', 'update'] as const;
/** A signed event older or newer than this is refused (a replay). */
const MAX_SKEW_MS = 10 * 60_000;

const appHeaders = (call: SubscriptionCall) => ({
  'x-client-id': call.endpoints.clientId,
  'x-client-secret': call.endpoints.clientSecret,
});

/**
 * Oura API v2 webhooks: subscriptions per event type and data type, made with the app's `x-client-id` and
 * `x-client-secret`; Oura checks the callback at once with `GET ?verification_token=…&challenge=…`. Each
 * event carries `x-oura-signature`: HMAC-SHA256 of `x-oura-timestamp` + the raw body, keyed with the
 * client secret, upper-case hex. The person is named by Oura's user id (`personal_info.id`).
 */
export const ouraPush: PushProvider = {
  kind: KIND,
  async identify(call: PersonCall): Promise<string | undefined> {
    const info = await call.http.get<{ id?: unknown }>('/v2/usercollection/personal_info');
    return typeof info.id === 'string' ? info.id : undefined;
  },
  async subscribe(call: SubscriptionCall): Promise<string> {
    const ids: string[] = [];
    for (const data_type of DATA_TYPES) {
      for (const event_type of EVENT_TYPES) {
        const res = await call.fetch(`${call.endpoints.apiBaseUrl}/v2/webhook/subscription`, {
          method: 'POST',
          headers: { ...appHeaders(call), 'content-type': 'application/json' },
          body: JSON.stringify({
            callback_url: call.callbackUrl,
            verification_token: call.verifyToken,
            event_type,
            data_type,
          }),
          signal: AbortSignal.timeout(30_000),
        });
        if (!res.ok) {
          await res.body?.cancel();
          throw new Error(`Oura refused the ${event_type} ${data_type} subscription (${res.status})`);
        }
        ids.push(((await res.json()) as { id: string }).id);
      }
    }
    return JSON.stringify(ids);
  },
  // Oura's subscriptions expire (`expiration_time`, about 90 days on); renewed monthly, well before.
  renewAfterDays: 30,
  async renew(call: SubscriptionCall, subscriptionId: string): Promise<string | undefined> {
    const ids = JSON.parse(subscriptionId) as string[];
    for (const id of ids) {
      const res = await call.fetch(
        `${call.endpoints.apiBaseUrl}/v2/webhook/subscription/renew/${encodeURIComponent(id)}`,
        { method: 'PUT', headers: appHeaders(call), signal: AbortSignal.timeout(15_000) },
      );
      await res.body?.cancel();
      // One gone (expired while this server was down): all are made again.
      if (res.status === 404) {
        await ouraPush.unsubscribe!(call, subscriptionId);
        return undefined;
      }
      if (!res.ok) throw new Error(`Oura did not renew a subscription (${res.status})`);
    }
    return subscriptionId;
  },
  async unsubscribe(call: SubscriptionCall, subscriptionId: string): Promise<void> {
    for (const id of JSON.parse(subscriptionId) as string[]) {
      const res = await call.fetch(
        `${call.endpoints.apiBaseUrl}/v2/webhook/subscription/${encodeURIComponent(id)}`,
        { method: 'DELETE', headers: appHeaders(call), signal: AbortSignal.timeout(15_000) },
      );
      await res.body?.cancel();
      if (!res.ok && res.status !== 404)
        throw new Error(`Oura did not remove a subscription (${res.status})`);
    }
  },
};

const challengeQuery = z.object({
  verification_token: z.string().min(1).max(200),
  challenge: z.string().min(1).max(200),
});

const eventBody = z.object({
  event_type: z.string(),
  data_type: z.string(),
  object_id: z.string().optional(),
  event_time: z.string(),
  user_id: z.string().min(1),
});

const refuse = (code: string, message: string) => ({ error: { code, message } });

function signedBy(secret: string, timestamp: string, body: string, signature: string): boolean {
  return sameSignature(
    signature,
    createHmac('sha256', secret)
      .update(timestamp + body)
      .digest('hex')
      .toUpperCase(),
  );
}

/** `GET|POST /api/provider-webhooks/oura`; the POST reads its body raw, as it was signed. */
export const ouraReceiver =
  (push: ProviderPushService): FastifyPluginAsync =>
  async (app) => {
    readJsonRaw(app);

    app.get('/provider-webhooks/oura', { schema: { hide: true } }, async (request, reply) => {
      const query = challengeQuery.safeParse(request.query);
      if (!query.success)
        return reply.status(400).send(refuse('bad_request', 'Not an Oura subscription check.'));
      const ours = [push.verifyToken(KIND, false), push.verifyToken(KIND, true)];
      if (!ours.includes(query.data.verification_token)) {
        return reply.status(403).send(refuse('forbidden', 'The verification token is not ours.'));
      }
      return reply.send({ challenge: query.data.challenge });
    });

    app.post('/provider-webhooks/oura', { schema: { hide: true } }, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const timestamp = request.headers['x-oura-timestamp'];
      const signature = request.headers['x-oura-signature'];
      const seconds = Number(timestamp);
      if (
        typeof timestamp !== 'string' ||
        typeof signature !== 'string' ||
        !Number.isFinite(seconds) ||
        Math.abs(seconds * 1000 - push.now()) > MAX_SKEW_MS
      ) {
        return reply.status(401).send(refuse('unauthorized', 'The event is not signed by Oura.'));
      }
      const signer = push.clientSecrets(KIND).find((c) => signedBy(c.secret, timestamp, raw, signature));
      if (!signer) return reply.status(401).send(refuse('unauthorized', 'The event is not signed by Oura.'));
      const event = eventBody.safeParse(parseSignedBody(raw));
      if (!event.success) return reply.status(400).send(refuse('bad_request', 'Not an Oura webhook event.'));
      const row = await push.connection(KIND, event.data.user_id, signer.sandbox);
      const at = Date.parse(event.data.event_time);
      if (row) await push.syncAround(row, Number.isFinite(at) ? at : push.now());
      return reply.send({ received: true });
    });
  };
