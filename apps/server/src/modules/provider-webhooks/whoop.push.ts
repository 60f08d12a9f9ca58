import { createHmac } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { clearPortalWebhook, setPortalWebhook } from './portal';
import type { PersonCall, ProviderPushService, PushProvider } from './provider-push.service';
import { parseSignedBody, readJsonRaw, sameSignature } from './signed-body';

const KIND = 'whoop';
/** A signed event older or newer than this is refused (a replay). */
const MAX_SKEW_MS = 10 * 60_000;

/**
 * WHOOP webhooks (https://developer.whoop.com/docs/developing/webhooks): the URL is set per app in WHOOP's
 * developer dashboard, not by API. Each event is `{user_id, id, type, trace_id}` signed with
 * `X-WHOOP-Signature` = base64(HMAC-SHA256(`X-WHOOP-Signature-Timestamp` + raw body, client secret)).
 * The person is WHOOP's `user_id`, read from the basic profile when a push first names someone unknown;
 * the changed record's day from `GET /v2/activity/sleep/{id}` or `…/workout/{id}`.
 */
export const whoopPush: PushProvider = {
  kind: KIND,
  async identify(call: PersonCall): Promise<string | undefined> {
    const profile = await call.http.get<{ user_id?: unknown }>('/v2/user/profile/basic');
    return typeof profile.user_id === 'number' || typeof profile.user_id === 'string'
      ? String(profile.user_id)
      : undefined;
  },
  subscribe: setPortalWebhook,
  unsubscribe: (call) => clearPortalWebhook(call),
};

const eventBody = z.object({
  user_id: z.union([z.number().int(), z.string().min(1)]),
  id: z.union([z.string(), z.number()]),
  type: z.enum([
    'sleep.updated',
    'sleep.deleted',
    'recovery.updated',
    'recovery.deleted',
    'workout.updated',
    'workout.deleted',
  ]),
  trace_id: z.string().optional(),
});

const refuse = (code: string, message: string) => ({ error: { code, message } });

function signedBy(secret: string, timestamp: string, body: string, signature: string): boolean {
  return sameSignature(
    signature,
    createHmac('sha256', secret)
      .update(timestamp + body)
      .digest('base64'),
  );
}

/** `POST /api/provider-webhooks/whoop`; reads its body raw, as it was signed. */
export const whoopReceiver =
  (push: ProviderPushService): FastifyPluginAsync =>
  async (app) => {
    readJsonRaw(app);

    app.post('/provider-webhooks/whoop', { schema: { hide: true } }, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const timestamp = request.headers['x-whoop-signature-timestamp'];
      const signature = request.headers['x-whoop-signature'];
      const ms = Number(timestamp);
      if (
        typeof timestamp !== 'string' ||
        typeof signature !== 'string' ||
        !Number.isFinite(ms) ||
        Math.abs(ms - push.now()) > MAX_SKEW_MS
      ) {
        return reply.status(401).send(refuse('unauthorized', 'The event is not signed by WHOOP.'));
      }
      const signer = push.clientSecrets(KIND).find((c) => signedBy(c.secret, timestamp, raw, signature));
      if (!signer) return reply.status(401).send(refuse('unauthorized', 'The event is not signed by WHOOP.'));
      const event = eventBody.safeParse(parseSignedBody(raw));
      if (!event.success) return reply.status(400).send(refuse('bad_request', 'Not a WHOOP webhook event.'));
      const { user_id, id, type } = event.data;
      const row = await push.connection(KIND, String(user_id), signer.sandbox);
      if (!row) return reply.send({ received: true });
      // WHOOP names the record, not its time: an updated sleep (a recovery names its sleep) or workout is
      // read to learn when it began, so a night re-scored days later is re-read from its own day. A deleted
      // one is gone: the days a fresh score reaches (today and yesterday) are re-read.
      const path = type.startsWith('workout') ? 'workout' : 'sleep';
      const start = type.endsWith('.updated')
        ? await push.readAs(row, async (http) => {
            const record = await http.get<{ start?: unknown }>(
              `/v2/activity/${path}/${encodeURIComponent(String(id))}`,
            );
            return typeof record.start === 'string' ? Date.parse(record.start) : undefined;
          })
        : undefined;
      await push.syncAround(row, start !== undefined && Number.isFinite(start) ? start : push.now());
      return reply.send({ received: true });
    });
  };
