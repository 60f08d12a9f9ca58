import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FakeOAuth } from '../shared/fake-oauth';
import { FakeRevisions } from '../shared/fake-revisions';
import { DAY_MS } from '../shared/fake-data';
import { SANDBOX_SECRET } from '../shared/fake-push';
import type { FakeOptions } from '../types';
import { whoopManifest as manifest } from '@healthfolio/connectors/protocol';
import { registerPush } from './push';
import { BODY, MEMBER, cycleOf, dayOf, recoveryOf, sleepsOf, workoutsOf, type Day } from './member-year';

interface CollectionQuery {
  start?: string;
  end?: string;
  limit?: string;
  nextToken?: string;
}

/** A record with the window the collection filters and sorts it by. */
interface Listed {
  from: number;
  to: number;
  record: object;
}

const MINUTE_MS = 60_000;

/** `nextToken`: the start of the last record answered, opaque to clients as WHOOP's is. */
const tokenOf = (start: number) => Buffer.from(String(start)).toString('base64url');
const startOf = (token: string) => Number(Buffer.from(token, 'base64url').toString());

/**
 * A fake of the WHOOP API v2 (https://developer.whoop.com/api): OAuth at /oauth/oauth2/*, the cycle,
 * sleep, recovery and workout collections (newest first, `start`/`end` overlap filter, `limit` ≤ 25,
 * `nextToken`), a sleep or workout by its id, profile and body measurement, X-RateLimit headers (100 a minute), 401 on expired tokens,
 * 429 with Retry-After when asked to. Data: a year of Chen's nights, recoveries, cycles and workouts;
 * `control.revise(id, fields)` / `deleteRecord(id)` re-score or delete one (a recovery's id is
 * `recovery:<cycle_id>`).
 */
export const fake: FastifyPluginAsync<FakeOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const oauth = new FakeOAuth(options, {
    authorize: manifest.oauth!.authorizePath,
    token: manifest.oauth!.tokenPath,
    providerName: 'WHOOP',
    scopes: manifest.oauth!.scopes,
  });
  oauth.register(app);
  oauth.expose(options.control);
  // Webhooks, signed with the app's client secret (the sandbox's when none is set).
  registerPush(app, options, options.clientSecret ?? SANDBOX_SECRET);
  // Records re-scored or deleted by a test, by their `id` (a recovery by `recovery:<cycle_id>`).
  const revisions = new FakeRevisions(() => ({ updated_at: new Date(now()).toISOString() }));
  revisions.expose(options.control);
  const answered = (listed: Listed): Listed | undefined => {
    const r = listed.record as { id?: unknown; cycle_id?: unknown };
    const record = revisions.apply(String(r.id ?? `recovery:${String(r.cycle_id)}`), listed.record);
    return record && { ...listed, record };
  };

  const minute = { at: -1, used: 0 };
  const api = {
    onRequest: async () => {
      const at = Math.floor(now() / MINUTE_MS);
      if (at !== minute.at) Object.assign(minute, { at, used: 0 });
      minute.used++;
    },
    onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      void reply.headers({
        'x-ratelimit-limit': '100, 100;window=60, 10000;window=86400',
        'x-ratelimit-remaining': String(Math.max(0, 100 - minute.used)),
        'x-ratelimit-reset': String(60 - Math.floor((now() % MINUTE_MS) / 1000)),
      });
      return payload;
    },
  };

  /** The member's year, day by day: the night before a day opens its cycle. */
  const days = (): Day[] => {
    const last = Math.floor(now() / DAY_MS) + 1;
    const out: Day[] = [];
    for (let day = last - 366; day <= last; day++) out.push(dayOf(day));
    return out.filter((d) => d.onset <= now());
  };

  /**
   * A collection's records, newest first, built once a minute of the fake's clock and after a revision:
   * a year is ~1 500 records and a sync asks for them sixty times.
   */
  const sorted = (list: (now: number) => Listed[]) => {
    let built: { at: number; version: number; records: Listed[] } | undefined;
    return () => {
      const at = Math.floor(now() / MINUTE_MS);
      if (built?.at !== at || built.version !== revisions.version) {
        const records = list(now()).flatMap((l) => answered(l) ?? []);
        built = { at, version: revisions.version, records: records.sort((a, b) => b.from - a.from) };
      }
      return built.records;
    };
  };

  const collection = (list: (now: number) => Listed[]) => {
    const records = sorted(list);
    return async (request: FastifyRequest, reply: FastifyReply) => {
      if (!oauth.authenticate(request, reply)) return reply;
      const q = request.query as CollectionQuery;
      const limit = q.limit === undefined ? 10 : Number(q.limit);
      const start = q.start === undefined ? -Infinity : Date.parse(q.start);
      const end = q.end === undefined ? now() : Date.parse(q.end);
      const after = q.nextToken === undefined ? Infinity : startOf(q.nextToken);
      if (!Number.isInteger(limit) || limit < 1 || limit > 25 || Number.isNaN(start) || Number.isNaN(end)) {
        return reply
          .status(400)
          .send({ message: 'Invalid request: limit must be 1–25; start and end ISO 8601' });
      }
      if (Number.isNaN(after)) return reply.status(400).send({ message: 'Invalid nextToken' });
      const matching = records().filter((r) => r.from < end && r.to >= start && r.from < after);
      const page = matching.slice(0, limit);
      const more = matching.length > limit;
      return reply.send({
        records: page.map((r) => r.record),
        ...(more ? { next_token: tokenOf(page.at(-1)!.from) } : {}),
      });
    };
  };

  app.get(
    '/v2/cycle',
    api,
    collection((at) =>
      days().map((d) => ({
        from: d.onset,
        to: dayOf(d.day + 1).onset,
        record: cycleOf(d, dayOf(d.day + 1), at),
      })),
    ),
  );
  const sleeps = (at: number) =>
    days().flatMap((d) =>
      sleepsOf(d, at).map((s) => ({ from: Date.parse(s.start), to: Date.parse(s.end), record: s })),
    );
  const workouts = (at: number) =>
    days().flatMap((d) =>
      workoutsOf(d, at).map((w) => ({ from: Date.parse(w.start), to: Date.parse(w.end), record: w })),
    );
  /** One record by its id (`GET /v2/activity/sleep/{sleepId}`, `…/workout/{workoutId}`), 404 when there is none. */
  const byId = (list: (now: number) => Listed[]) => {
    const records = sorted(list);
    return async (request: FastifyRequest, reply: FastifyReply) => {
      if (!oauth.authenticate(request, reply)) return reply;
      const { id } = request.params as { id: string };
      const found = records().find((r) => (r.record as { id?: unknown }).id === id);
      if (!found) return reply.status(404).send({ message: 'Not found' });
      return reply.send(found.record);
    };
  };

  app.get('/v2/activity/sleep', api, collection(sleeps));
  app.get('/v2/activity/sleep/:id', api, byId(sleeps));
  app.get(
    '/v2/recovery',
    api,
    // Recoveries are filtered and sorted by the window of the sleep they are scored from.
    collection((at) =>
      days().flatMap((d) => {
        const recovery = recoveryOf(d, at);
        return recovery ? [{ from: d.onset, to: d.wake, record: recovery }] : [];
      }),
    ),
  );
  app.get('/v2/activity/workout', api, collection(workouts));
  app.get('/v2/activity/workout/:id', api, byId(workouts));
  app.get('/v2/user/profile/basic', api, async (request, reply) => {
    if (!oauth.authenticate(request, reply)) return reply;
    return reply.send(MEMBER);
  });
  app.get('/v2/user/measurement/body', api, async (request, reply) => {
    if (!oauth.authenticate(request, reply)) return reply;
    return reply.send(BODY);
  });
};
