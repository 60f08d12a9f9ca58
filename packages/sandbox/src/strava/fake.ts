import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FakeOAuth } from '../shared/fake-oauth';
import { DAY_MS, dayOf } from '../shared/fake-data';
import type { FakeOptions } from '../types';
import { ATHLETE, activitiesOn } from './athlete-year';
import { stravaManifest as manifest } from '@healthfolio/connectors/protocol';
import { registerPush } from './push';

interface ListQuery {
  before?: string;
  after?: string;
  page?: string;
  per_page?: string;
}

/** Strava's error envelope (developers.strava.com, "Fault"). */
const fault = (message: string, resource: string, field: string, code: string) =>
  JSON.stringify({ message, errors: [{ resource, field, code }] });

/** Strava's documented default limits: overall, then "non-upload" (read) ones; 15 minutes, then a day. */
const LIMITS = { overall: '200,2000', read: '100,1000' };

/**
 * A fake of the Strava API v3 (https://developers.strava.com/docs/reference/): OAuth at /oauth/* (token
 * answers carry `expires_at` and the `athlete`, access tokens live six hours), `GET /athlete` and
 * `GET /athlete/activities` with `before`/`after`/`page`/`per_page` (≤ 200; oldest first when `after` is
 * given, newest first otherwise), X-RateLimit headers, Strava's error bodies on 401 and 429. Data: a year
 * of Ada's training, the same on every run.
 */
export const fake: FastifyPluginAsync<FakeOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const ttl = options.tokenTtlSeconds ?? 6 * 3600;
  const oauth = new FakeOAuth(
    { ...options, tokenTtlSeconds: ttl },
    {
      authorize: manifest.oauth!.authorizePath,
      token: manifest.oauth!.tokenPath,
      revoke: manifest.oauth!.revokePath!,
      providerName: 'Strava',
      scopes: manifest.oauth!.scopes,
      tokenExtras: () => ({ expires_at: Math.floor(now() / 1000) + ttl, athlete: ATHLETE }),
    },
  );
  oauth.register(app);
  oauth.expose(options.control);
  registerPush(app, options);

  // Strava's deauthorize takes `access_token`; the shared fake reads `token`.
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.url?.endsWith(manifest.oauth!.revokePath!)) return;
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    if (body.access_token && !body.token) request.body = { ...body, token: body.access_token };
  });

  // Usage per quarter hour (reset at :00, :15, :30, :45) and per UTC day, as Strava counts it.
  const usage = { quarter: -1, day: -1, inQuarter: 0, inDay: 0 };
  const api = {
    onRequest: async () => {
      const quarter = Math.floor(now() / 900_000);
      const day = dayOf(now());
      if (quarter !== usage.quarter) Object.assign(usage, { quarter, inQuarter: 0 });
      if (day !== usage.day) Object.assign(usage, { day, inDay: 0 });
      usage.inQuarter++;
      usage.inDay++;
    },
    onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const used = `${usage.inQuarter},${usage.inDay}`;
      void reply.headers({
        'x-ratelimit-limit': LIMITS.overall,
        'x-ratelimit-usage': used,
        'x-readratelimit-limit': LIMITS.read,
        'x-readratelimit-usage': used,
      });
      if (reply.statusCode === 401) return fault('Authorization Error', 'Athlete', 'access_token', 'invalid');
      if (reply.statusCode === 429)
        return fault('Rate Limit Exceeded', 'Application', 'rate limit', 'exceeded');
      return payload;
    },
  };

  app.get('/athlete', api, async (request, reply) => {
    if (!oauth.authenticate(request, reply)) return reply;
    return reply.send(ATHLETE);
  });

  app.get('/athlete/activities', api, async (request: FastifyRequest<{ Querystring: ListQuery }>, reply) => {
    if (!oauth.authenticate(request, reply)) return reply;
    const q = request.query;
    const int = (text: string | undefined, fallback: number) =>
      text === undefined ? fallback : Number(text);
    const page = int(q.page, 1);
    const perPage = Math.min(200, int(q.per_page, 30));
    const after = q.after === undefined ? undefined : Number(q.after) * 1000;
    const before = q.before === undefined ? undefined : Number(q.before) * 1000;
    for (const [field, value] of Object.entries({ page, per_page: perPage, after, before })) {
      if (value !== undefined && (!Number.isInteger(value) || value < (field === 'page' ? 1 : 0))) {
        return reply
          .status(400)
          .type('application/json')
          .send(fault('Bad Request', 'Application', field, 'invalid'));
      }
    }
    const first = dayOf(now()) - 365;
    const from = Math.max(first, after !== undefined ? dayOf(after) : first);
    const to = Math.min(dayOf(now()), before !== undefined ? dayOf(before) : dayOf(now()));
    const all: Record<string, unknown>[] = [];
    for (let day = from; day <= to; day++) {
      for (const activity of activitiesOn(day)) {
        const start = Date.parse(activity.start_date as string);
        const end = start + (activity.elapsed_time as number) * 1000;
        if (start < first * DAY_MS || end > now()) continue; // a year back; not yet uploaded
        if ((after === undefined || start > after) && (before === undefined || start < before))
          all.push(activity);
      }
    }
    if (after === undefined) all.reverse();
    return reply.send(all.slice((page - 1) * perPage, page * perPage));
  });
};
