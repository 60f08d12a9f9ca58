import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FakeOptions } from '../types';

interface Subscription {
  id: string;
  callback_url: string;
  event_type: string;
  data_type: string;
  expiration_time: string;
}

const DAY_MS = 86_400_000;
export { SANDBOX_SECRET } from '../shared/fake-push';

/**
 * Oura's Webhook Subscription API (API v2, "Webhooks") as the fake's push side: `POST
 * /v2/webhook/subscription` with the app's `x-client-id` / `x-client-secret` headers and `{callback_url,
 * verification_token, event_type, data_type}` checks the callback at once with `GET
 * callback?verification_token=…&challenge=…`, which must answer `{"challenge"}`, and answers the
 * subscription (with its `expiration_time`, 90 days on); `PUT /v2/webhook/subscription/renew/:id` renews
 * one not yet expired (404 after); `GET` lists, `DELETE /v2/webhook/subscription/:id` removes.
 * Events are POSTed as `{event_type, data_type, object_id, event_time, user_id}`, signed with
 * `x-oura-timestamp` and `x-oura-signature`: HMAC-SHA256 of timestamp + body keyed with the client
 * secret, in upper-case hex.
 */
export function registerPush(app: FastifyInstance, options: FakeOptions, clientSecret: string): void {
  const now = options.now ?? Date.now;
  const subscriptions: Subscription[] = [];
  const appOk = (headers: Record<string, unknown>) =>
    (!options.clientId || headers['x-client-id'] === options.clientId) &&
    (!options.clientSecret || headers['x-client-secret'] === options.clientSecret);

  app.post('/v2/webhook/subscription', async (request, reply) => {
    if (!appOk(request.headers)) return reply.status(401).send({ detail: 'Invalid client credentials' });
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const { callback_url, verification_token, event_type, data_type } = body;
    if (!callback_url || !verification_token || !event_type || !data_type) {
      return reply
        .status(422)
        .send({ detail: 'callback_url, verification_token, event_type and data_type are required' });
    }
    const challenge = randomBytes(8).toString('hex');
    const check = new URL(callback_url);
    check.searchParams.set('verification_token', verification_token);
    check.searchParams.set('challenge', challenge);
    let answer: unknown;
    try {
      const res = await fetch(check, { signal: AbortSignal.timeout(10_000) });
      answer = res.ok ? await res.json() : undefined;
    } catch {
      answer = undefined;
    }
    if ((answer as Record<string, unknown> | undefined)?.challenge !== challenge) {
      return reply.status(400).send({ detail: 'The callback did not answer the challenge' });
    }
    const subscription = {
      id: randomUUID(),
      callback_url,
      event_type,
      data_type,
      expiration_time: new Date(now() + 90 * DAY_MS).toISOString(),
    };
    subscriptions.push(subscription);
    return reply.status(201).send(subscription);
  });

  app.get('/v2/webhook/subscription', async (request, reply) => {
    if (!appOk(request.headers)) return reply.status(401).send({ detail: 'Invalid client credentials' });
    return subscriptions;
  });

  // Renewal: the subscription lives 90 days from now; one already expired is gone (404).
  app.put<{ Params: { id: string } }>('/v2/webhook/subscription/renew/:id', async (request, reply) => {
    if (!appOk(request.headers)) return reply.status(401).send({ detail: 'Invalid client credentials' });
    const subscription = subscriptions.find((s) => s.id === request.params.id);
    if (!subscription || Date.parse(subscription.expiration_time) <= now()) {
      return reply.status(404).send({ detail: 'Not found' });
    }
    subscription.expiration_time = new Date(now() + 90 * DAY_MS).toISOString();
    return reply.send(subscription);
  });

  app.delete<{ Params: { id: string } }>('/v2/webhook/subscription/:id', async (request, reply) => {
    if (!appOk(request.headers)) return reply.status(401).send({ detail: 'Invalid client credentials' });
    const index = subscriptions.findIndex((s) => s.id === request.params.id);
    if (index < 0) return reply.status(404).send({ detail: 'Not found' });
    subscriptions.splice(index, 1);
    return reply.status(204).send();
  });

  // Sent to each live subscription of the event's type and data type, signed as Oura signs.
  if (options.control) {
    options.control.push = async (event) =>
      Promise.all(
        subscriptions
          .filter(
            (s) =>
              s.event_type === event.event_type &&
              s.data_type === event.data_type &&
              Date.parse(s.expiration_time) > now(),
          )
          .map(async (s) => {
            const body = JSON.stringify(event);
            const timestamp = String(Math.floor(now() / 1000));
            const signature = createHmac('sha256', clientSecret)
              .update(timestamp + body)
              .digest('hex')
              .toUpperCase();
            try {
              const res = await fetch(s.callback_url, {
                method: 'POST',
                headers: {
                  'content-type': 'application/json',
                  'x-oura-timestamp': timestamp,
                  'x-oura-signature': signature,
                },
                body,
                signal: AbortSignal.timeout(10_000),
              });
              await res.body?.cancel();
              return res.status;
            } catch {
              return 0;
            }
          }),
      );
  }
}
