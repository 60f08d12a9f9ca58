import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { PersonSubscriptionCall, ProviderPushService, PushProvider } from './provider-push.service';

const KIND = 'withings';
/**
 * The Notify categories (`appli`) of what the Withings connector reads: 1 weight and body composition,
 * 4 blood pressure, heart rate and SpO2, 44 sleep. (16, activity, is not read here.)
 */
const APPLIS = [1, 4, 44] as const;

interface Envelope {
  status?: number;
  error?: string;
}

async function notify(call: PersonSubscriptionCall, action: 'subscribe' | 'revoke', appli: number) {
  const answer = await call.http.post<Envelope>('/notify', {
    action,
    callbackurl: call.callbackUrl,
    appli,
    ...(action === 'subscribe' ? { comment: 'Healthfolio' } : {}),
  });
  // 294: no such subscription (already gone) is what a revoke wants.
  if (answer.status !== 0 && !(action === 'revoke' && answer.status === 294)) {
    throw new Error(`Withings refused to ${action} notifications for appli ${appli} (${answer.status})`);
  }
}

/**
 * Withings Notify (https://developer.withings.com/developer-guide/v3/data-api/notifications/): each
 * person's categories are subscribed with their token (`POST /notify`, `action=subscribe`, `callbackurl`,
 * `appli`) when they connect, and revoked before their token is on disconnect. Withings first checks the
 * callback with a `HEAD`, which answers 200.
 */
export const withingsPush: PushProvider = {
  kind: KIND,
  async subscribePerson(call) {
    for (const appli of APPLIS) await notify(call, 'subscribe', appli);
  },
  async unsubscribePerson(call) {
    for (const appli of APPLIS) await notify(call, 'revoke', appli);
  },
};

const seconds = z.coerce.number().int().nonnegative();
const notification = z.object({
  userid: z.string().regex(/^\d{1,20}$/),
  appli: z.coerce.number().int(),
  startdate: seconds.optional(),
  enddate: seconds.optional(),
  date: z.string().optional(),
});

/**
 * `HEAD|GET|POST /api/provider-webhooks/withings`. Withings signs nothing: a notification is taken only
 * for a person connected here (any other is acknowledged and ignored, so nothing says who is), and it
 * re-reads only the window it names.
 */
export const withingsReceiver =
  (push: ProviderPushService): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    // Withings' check of the callback before it subscribes it (HEAD; GET answers the same).
    app.get('/provider-webhooks/withings', { schema: { hide: true } }, async (_request, reply) =>
      reply.status(200).send(),
    );

    app.post('/provider-webhooks/withings', { schema: { hide: true } }, async (request, reply) => {
      const parsed = notification.safeParse(request.body);
      if (!parsed.success) {
        return reply
          .status(400)
          .send({ error: { code: 'bad_request', message: 'Not a Withings notification.' } });
      }
      const n = parsed.data;
      const row = await push.connectionOfEither(KIND, n.userid);
      const day = n.date && /^\d{4}-\d{2}-\d{2}$/.test(n.date) ? Date.parse(n.date) : undefined;
      const at = n.startdate !== undefined ? n.startdate * 1000 : (day ?? push.now());
      if (row) await push.syncAround(row, at);
      return reply.send({ received: true });
    });
  };
