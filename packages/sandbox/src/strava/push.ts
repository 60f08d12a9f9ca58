import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FakeOptions } from '../types';
import { dayOf } from '../shared/fake-data';
import { ATHLETE, activitiesOn } from './athlete-year';

interface Subscription {
  id: number;
  callbackUrl: string;
}

const fault = (message: string, field: string, code: string) => ({
  message,
  errors: [{ resource: 'PushSubscription', field, code }],
});

/**
 * Strava's Webhook Events API (https://developers.strava.com/docs/webhooks/) as the fake's push side:
 * `POST /push_subscriptions` (form: client_id, client_secret, callback_url, verify_token) validates the
 * callback at once with `GET callback?hub.mode=subscribe&hub.challenge=…&hub.verify_token=…`, which must
 * answer 200 `{"hub.challenge": …}` within two seconds, and answers `{"id"}`; one subscription per app;
 * `GET /push_subscriptions` lists it, `DELETE /push_subscriptions/:id` removes it. Events are POSTed as
 * JSON `{object_type, object_id, aspect_type, updates, owner_id, subscription_id, event_time}`; Strava
 * does not sign them. Activities that finish while a subscription exists are pushed as `create`.
 */
export function registerPush(app: FastifyInstance, options: FakeOptions): void {
  const now = options.now ?? Date.now;
  const subscriptions: Subscription[] = [];
  let nextId = 1;

  const clientOk = (q: Record<string, string | undefined>) =>
    (!options.clientId || q.client_id === options.clientId) &&
    (!options.clientSecret || q.client_secret === options.clientSecret);

  app.post('/push_subscriptions', async (request, reply) => {
    const form = { ...(request.query as object), ...((request.body ?? {}) as object) } as Record<
      string,
      string | undefined
    >;
    if (!clientOk(form)) {
      return reply.status(401).send(fault('Authorization Error', 'client_id', 'invalid'));
    }
    if (!form.callback_url || !form.verify_token) {
      return reply.status(400).send(fault('Bad Request', 'callback_url', 'missing'));
    }
    if (subscriptions.length > 0) {
      return reply.status(400).send(fault('Bad Request', 'callback url', 'already exists'));
    }
    const challenge = randomBytes(8).toString('hex');
    const check = new URL(form.callback_url);
    check.searchParams.set('hub.mode', 'subscribe');
    check.searchParams.set('hub.challenge', challenge);
    check.searchParams.set('hub.verify_token', form.verify_token);
    let answer: unknown;
    try {
      const res = await fetch(check, { signal: AbortSignal.timeout(2_000) });
      answer = res.ok ? await res.json() : undefined;
    } catch {
      answer = undefined;
    }
    if ((answer as Record<string, unknown> | undefined)?.['hub.challenge'] !== challenge) {
      return reply.status(400).send(fault('Bad Request', 'callback url', 'not verifiable'));
    }
    const subscription = { id: nextId++, callbackUrl: form.callback_url };
    subscriptions.push(subscription);
    return reply.status(201).send({ id: subscription.id });
  });

  app.get('/push_subscriptions', async (request, reply) => {
    if (!clientOk(request.query as Record<string, string>)) {
      return reply.status(401).send(fault('Authorization Error', 'client_id', 'invalid'));
    }
    return subscriptions.map((s) => ({
      id: s.id,
      resource_state: 2,
      application_id: 1,
      callback_url: s.callbackUrl,
    }));
  });

  app.delete<{ Params: { id: string } }>('/push_subscriptions/:id', async (request, reply) => {
    if (!clientOk(request.query as Record<string, string>)) {
      return reply.status(401).send(fault('Authorization Error', 'client_id', 'invalid'));
    }
    const index = subscriptions.findIndex((s) => String(s.id) === request.params.id);
    if (index < 0) return reply.status(404).send(fault('Record Not Found', 'id', 'invalid'));
    subscriptions.splice(index, 1);
    return reply.status(204).send();
  });

  const push = async (event: Record<string, unknown>) =>
    Promise.all(
      subscriptions.map(async (s) => {
        try {
          const res = await fetch(s.callbackUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ updates: {}, ...event, subscription_id: s.id }),
            signal: AbortSignal.timeout(2_000),
          });
          await res.body?.cancel();
          return res.status;
        } catch {
          return 0;
        }
      }),
    );
  if (options.control) options.control.push = push;

  // Activities that finished since the last look are "uploaded": pushed as `create`, as Strava does.
  const every = options.pushEveryMs ?? 30_000;
  if (every <= 0) return;
  let last = now();
  const timer = setInterval(() => {
    const at = now();
    if (subscriptions.length === 0) {
      last = at;
      return;
    }
    for (let day = dayOf(last) - 1; day <= dayOf(at); day++) {
      for (const activity of activitiesOn(day)) {
        const end = Date.parse(activity.start_date as string) + (activity.elapsed_time as number) * 1000;
        if (end <= last || end > at) continue;
        void push({
          object_type: 'activity',
          object_id: activity.id,
          aspect_type: 'create',
          owner_id: ATHLETE.id,
          event_time: Math.floor(end / 1000),
        });
      }
    }
    last = at;
  }, every);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
