import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ProviderPushService, PushProvider, SubscriptionCall } from './provider-push.service';

const KIND = 'strava';

/**
 * Strava's Webhook Events API (https://developers.strava.com/docs/webhooks/): one push subscription per
 * app, made with the app's client id and secret; Strava checks the callback at once with a GET carrying
 * `hub.challenge` and our `hub.verify_token`. Events are not signed: one is taken only when it names our
 * subscription's id and an athlete connected here.
 */
export const stravaPush: PushProvider = {
  kind: KIND,
  async subscribe(call: SubscriptionCall): Promise<string> {
    const { endpoints } = call;
    const form = new URLSearchParams({
      client_id: endpoints.clientId,
      client_secret: endpoints.clientSecret,
      callback_url: call.callbackUrl,
      verify_token: call.verifyToken,
    });
    const res = await call.fetch(`${endpoints.apiBaseUrl}/push_subscriptions`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(15_000),
    });
    if (res.ok) return String(((await res.json()) as { id: number }).id);
    await res.body?.cancel();
    // One subscription per app: one made before (by this server) is listed and taken over.
    const list = await call.fetch(
      `${endpoints.apiBaseUrl}/push_subscriptions?${new URLSearchParams({
        client_id: endpoints.clientId,
        client_secret: endpoints.clientSecret,
      }).toString()}`,
      { signal: AbortSignal.timeout(15_000) },
    );
    const existing = list.ok
      ? ((await list.json()) as { id: number; callback_url: string }[]).find(
          (s) => s.callback_url === call.callbackUrl,
        )
      : undefined;
    if (!existing) throw new Error(`Strava refused the push subscription (${res.status})`);
    return String(existing.id);
  },
  async unsubscribe(call: SubscriptionCall, subscriptionId: string): Promise<void> {
    const { endpoints } = call;
    const query = new URLSearchParams({
      client_id: endpoints.clientId,
      client_secret: endpoints.clientSecret,
    });
    const res = await call.fetch(
      `${endpoints.apiBaseUrl}/push_subscriptions/${encodeURIComponent(subscriptionId)}?${query.toString()}`,
      { method: 'DELETE', signal: AbortSignal.timeout(15_000) },
    );
    await res.body?.cancel();
    if (!res.ok && res.status !== 404)
      throw new Error(`Strava did not remove the subscription (${res.status})`);
  },
};

const challengeQuery = z.object({
  'hub.mode': z.literal('subscribe'),
  'hub.challenge': z.string().min(1).max(200),
  'hub.verify_token': z.string().min(1).max(200),
});

const eventBody = z.object({
  object_type: z.enum(['activity', 'athlete']),
  object_id: z.number().int(),
  aspect_type: z.enum(['create', 'update', 'delete']),
  updates: z.record(z.string(), z.unknown()).optional(),
  owner_id: z.number().int(),
  subscription_id: z.number().int(),
  event_time: z.number().int(),
});

const refuse = (message: string) => ({ error: { code: 'forbidden', message } });

/** `GET|POST /api/provider-webhooks/strava`. */
export const stravaReceiver =
  (push: ProviderPushService): FastifyPluginAsync =>
  async (app) => {
    app.get('/provider-webhooks/strava', { schema: { hide: true } }, async (request, reply) => {
      const query = challengeQuery.safeParse(request.query);
      if (!query.success) return reply.status(400).send(refuse('Not a Strava subscription check.'));
      const token = query.data['hub.verify_token'];
      const ours = [push.verifyToken(KIND, false), push.verifyToken(KIND, true)];
      if (!ours.includes(token)) return reply.status(403).send(refuse('The verify token is not ours.'));
      return reply.send({ 'hub.challenge': query.data['hub.challenge'] });
    });

    app.post('/provider-webhooks/strava', { schema: { hide: true } }, async (request, reply) => {
      const event = eventBody.safeParse(request.body);
      if (!event.success) return reply.status(400).send(refuse('Not a Strava webhook event.'));
      const e = event.data;
      const subscription = String(e.subscription_id);
      const sandbox =
        subscription === (await push.subscriptionId(KIND, false))
          ? false
          : subscription === (await push.subscriptionId(KIND, true))
            ? true
            : undefined;
      if (sandbox === undefined) return reply.status(403).send(refuse('Not our subscription.'));
      const row = await push.connection(KIND, String(e.owner_id), sandbox);
      // An athlete not connected here (any more) is acknowledged, or Strava would send it again.
      if (!row) return reply.send({ received: true });
      if (e.object_type === 'athlete') {
        if (e.updates?.authorized === 'false') await push.revoked(row, 'Strava');
      } else {
        await push.syncAround(row, e.event_time * 1000);
      }
      return reply.send({ received: true });
    });
  };
