// Over 300 lines: a provider fake, as docs/adding-a-connector.md has it: generated nights and their API.
import { randomBytes } from 'node:crypto';
import { zoneOffsetAt } from '@healthfolio/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DAY_MS, dayOf, gauss, seeded } from '../shared/fake-data';
import type { FakeOptions } from '../types';

/** The sandbox sleeper signs in with any email and this password. */
export const SANDBOX_PASSWORD = 'sandbox';
const USER_ID = '5f0c1e2d3b4a59687766554433221100';
const DEVICE_ID = '98c53f17408384ffd6329fd1';
const ZONE = 'America/New_York';
/** Sessions per page of `/intervals`. */
const PAGE = 10;
/** Eight Sleep's access tokens last a day (`expires_in: 86400`). */
const DEFAULT_TTL_S = 86_400;
/** A night shows up once the Pod has processed it, a little after the person gets up. */
const PROCESSING_MS = 20 * 60_000;

type Point = [string, number];

interface Night {
  id: string;
  start: number;
  /** End of the last stage in bed. */
  end: number;
  asleepS: number;
  session: Record<string, unknown>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const round1 = (v: number) => Math.round(v * 10) / 10;

function localInstant(day: number, minuteOfDay: number): number {
  const wall = day * DAY_MS + minuteOfDay * 60_000;
  return wall - zoneOffsetAt(ZONE, wall) * 60_000;
}

/** The night that ends on the morning of UTC day `day` (absent now and then: away from home). */
function nightOf(day: number): Night | undefined {
  const random = seeded(day * 17 + 11);
  if (random() < 0.04) return undefined;
  const minutes = (n: number) => Math.max(1, Math.round(n)) * 60;
  const bedtime = Math.round(22.75 * 60 + gauss(random) * 25);
  const start = localInstant(day - 1, bedtime);
  const target = (7.2 + gauss(random) * 0.6) * 3600;
  const stages: { stage: string; duration: number }[] = [
    { stage: 'awake', duration: minutes(12 + random() * 14) },
  ];
  let asleep = 0;
  for (let cycle = 0; asleep < target; cycle++) {
    const late = Math.min(1, cycle / 4);
    const parts: [string, number][] = [
      ['light', minutes(28 + random() * 20)],
      ['deep', minutes((24 - 16 * late) * (0.7 + random() * 0.6))],
      ['light', minutes(8 + random() * 10)],
      ['rem', minutes((10 + 20 * late) * (0.7 + random() * 0.6))],
    ];
    for (const [stage, duration] of parts) {
      stages.push({ stage, duration });
      asleep += duration;
    }
    if (random() < 0.3) stages.push({ stage: 'awake', duration: minutes(4 + random() * 10) });
  }
  stages.push({ stage: 'awake', duration: minutes(5 + random() * 10) });
  // The night ends with its last stage in bed; a trailing "out" is the person getting up.
  const end = start + stages.reduce((a, s) => a + s.duration, 0) * 1000;
  if (random() < 0.3) stages.push({ stage: 'out', duration: minutes(2 + random() * 8) });

  const every = (stepMs: number, from: number, to: number, value: () => number): Point[] => {
    const points: Point[] = [];
    for (let at = Math.ceil(from / stepMs) * stepMs; at <= to; at += stepMs) points.push([iso(at), value()]);
    return points;
  };
  const restingHr = 56 + gauss(random) * 2;
  const hrv = 48 + gauss(random) * 6;
  const breathing = 14.4 + gauss(random) * 0.3;
  const hrvPoints = every(15 * 60_000, start + 30 * 60_000, end, () => round1(hrv + gauss(random) * 9));
  const session = {
    id: String(Math.floor(start / 1000)),
    deviceTimeAtUpdate: iso(end + PROCESSING_MS),
    ts: iso(start),
    stages,
    score: Math.max(0, Math.min(100, Math.round(80 + gauss(random) * 7))),
    timeseries: {
      tnt: Array.from({ length: 6 + Math.floor(random() * 8) }, () => [
        iso(start + Math.floor((random() * (end - start)) / 60_000) * 60_000),
        1,
      ]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      tempRoomC: every(3_600_000, start, end, () => round1(20.4 + gauss(random) * 0.4)),
      tempBedC: every(3_600_000, start - 3_600_000, end, () => round1(32.6 + gauss(random) * 0.8)),
      respiratoryRate: every(3_600_000, start, end, () => round1(breathing + gauss(random) * 0.6)),
      heartRate: every(15 * 60_000, start + 30 * 60_000, end, () =>
        round1(restingHr + 4 + gauss(random) * 3),
      ),
      heating: [],
      hrv: hrvPoints,
      rmssd: hrvPoints.map(([t, v]) => [t, round1(v * 1.3)]),
    },
    timezone: ZONE,
    device: { id: DEVICE_ID, side: 'solo' },
  };
  return { id: session.id, start, end, asleepS: asleep, session };
}

interface Issued {
  expiresAt: number;
  revoked: boolean;
}

const errorBody = (status: number, code: string, error: string) => ({ status, code, error });

const encodeNext = (ts: string) =>
  Buffer.from(JSON.stringify({ v: '1', lastEventTs: ts })).toString('base64');
function decodeNext(next: string | undefined): number | undefined {
  if (!next) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(next, 'base64').toString()) as { lastEventTs?: string };
    const at = Date.parse(parsed.lastEventTs ?? '');
    return Number.isFinite(at) ? at : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A fake of Eight Sleep's app API as pyEight, its Home Assistant integration and the published API
 * notes describe it: the password and refresh grants at `POST /v1/tokens` (auth-api), `GET /v1/users/me`,
 * `GET /v1/users/{id}/intervals` (sessions newest first, `next` cursor: base64 of `{ v, lastEventTs }`)
 * and `GET /v1/users/{id}/trends?tz=&from=&to=` (per-night summaries) on the client API. 401 for a
 * wrong password and for an expired or revoked token, 429 with Retry-After on request. Data: a year
 * of nights with stages and timeseries, the same on every run.
 */
export const fake: FastifyPluginAsync<FakeOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const ttl = options.tokenTtlSeconds ?? DEFAULT_TTL_S;
  const access = new Map<string, Issued>();
  const refresh = new Map<string, Issued>();
  let every = options.rateLimitEvery ?? 0;
  let counter = 0;
  let answered = 0;
  if (options.control) {
    options.control.expireTokens = () => {
      for (const t of access.values()) t.expiresAt = 0;
    };
    options.control.revokeGrants = () => {
      for (const map of [access, refresh]) for (const t of map.values()) t.revoked = true;
    };
    options.control.requests = () => answered;
    options.control.rateLimitEvery = (n) => {
      every = n;
    };
  }

  // The nights of the year before `now`, newest first; rebuilt when the day changes.
  let cache: { day: number; nights: Night[] } | undefined;
  const nights = () => {
    const today = dayOf(now());
    if (cache?.day !== today) {
      const list: Night[] = [];
      for (let day = today - 365; day <= today + 1; day++) {
        const night = nightOf(day);
        if (night) list.push(night);
      }
      cache = { day: today, nights: list.sort((a, b) => b.start - a.start) };
    }
    return cache.nights.filter((n) => n.end + PROCESSING_MS <= now());
  };

  const issue = () => {
    const accessToken = randomBytes(24).toString('base64url');
    const refreshToken = randomBytes(24).toString('base64url');
    access.set(accessToken, { expiresAt: now() + ttl * 1000, revoked: false });
    refresh.set(refreshToken, { expiresAt: Number.MAX_SAFE_INTEGER, revoked: false });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ttl,
      refresh_token: refreshToken,
      userId: USER_ID,
    };
  };

  const authenticate = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const issued = token ? access.get(token) : undefined;
    if (!issued || issued.revoked || issued.expiresAt <= now()) {
      void reply.status(401).send(errorBody(401, 'Unauthorized', 'Invalid or expired token'));
      return false;
    }
    counter++;
    if (every > 0 && counter % every === 0) {
      void reply
        .status(429)
        .header('retry-after', '1')
        .send(errorBody(429, 'TooManyRequests', 'Rate limited'));
      return false;
    }
    answered++;
    return true;
  };

  app.post('/v1/tokens', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : undefined);
    const clientId = text('client_id');
    const clientSecret = text('client_secret');
    if (!clientId || !clientSecret) {
      return reply
        .status(400)
        .send(errorBody(400, 'BadRequest', '"client_id" and "client_secret" are required'));
    }
    if (
      (options.clientId && clientId !== options.clientId) ||
      (options.clientSecret && clientSecret !== options.clientSecret)
    ) {
      return reply.status(400).send(errorBody(400, 'BadRequest', 'Invalid client credentials'));
    }
    const grant = text('grant_type');
    if (grant === 'password') {
      if (!text('username') || text('password') !== SANDBOX_PASSWORD) {
        return reply
          .status(401)
          .send(
            errorBody(
              401,
              'Unauthorized',
              `Invalid username or password. Sandbox: any email with the password "${SANDBOX_PASSWORD}"`,
            ),
          );
      }
      return reply.send(issue());
    }
    if (grant === 'refresh_token') {
      const token = text('refresh_token');
      const issued = token ? refresh.get(token) : undefined;
      if (!issued || issued.revoked) {
        return reply.status(401).send(errorBody(401, 'Unauthorized', 'Invalid refresh token'));
      }
      issued.revoked = true;
      return reply.send(issue());
    }
    return reply
      .status(400)
      .send(errorBody(400, 'BadRequest', '"grant_type" must be password or refresh_token'));
  });

  app.get('/v1/users/me', async (request, reply) => {
    if (!authenticate(request, reply)) return reply;
    return reply.send({
      user: {
        userId: USER_ID,
        email: 'sandbox@example.com',
        firstName: 'Sandbox',
        lastName: 'Sleeper',
        gender: 'female',
        timezone: ZONE,
        devices: [DEVICE_ID],
        currentDevice: { id: DEVICE_ID, side: 'solo' },
        features: ['warming', 'cooling'],
        sleepTracking: { enabledSince: iso(now() - 400 * DAY_MS) },
      },
    });
  });

  const own = (request: FastifyRequest<{ Params: { userId: string } }>, reply: FastifyReply) => {
    if (request.params.userId === USER_ID) return true;
    void reply.status(403).send(errorBody(403, 'Forbidden', 'Not allowed to read this user'));
    return false;
  };

  app.get(
    '/v1/users/:userId/intervals',
    async (
      request: FastifyRequest<{ Params: { userId: string }; Querystring: { next?: string } }>,
      reply,
    ) => {
      if (!authenticate(request, reply) || !own(request, reply)) return reply;
      const before = decodeNext(request.query.next);
      const older = nights().filter((n) => before === undefined || n.start < before);
      const page = older.slice(0, PAGE);
      const last = page[page.length - 1];
      return reply.send({
        intervals: page.map((n) => n.session),
        ...(older.length > PAGE && last ? { next: encodeNext(iso(last.start)) } : {}),
      });
    },
  );

  app.get(
    '/v1/users/:userId/trends',
    async (
      request: FastifyRequest<{
        Params: { userId: string };
        Querystring: { tz?: string; from?: string; to?: string };
      }>,
      reply,
    ) => {
      if (!authenticate(request, reply) || !own(request, reply)) return reply;
      const zone = request.query.tz ?? ZONE;
      const dayOfNight = (n: Night) => {
        try {
          return iso(n.end + zoneOffsetAt(zone, n.end) * 60_000).slice(0, 10);
        } catch {
          return iso(n.end).slice(0, 10);
        }
      };
      const from = request.query.from ?? '0000-01-01';
      const to = request.query.to ?? '9999-12-31';
      const days = nights()
        .filter((n) => dayOfNight(n) >= from && dayOfNight(n) <= to)
        .reverse()
        .map((n) => {
          const stages = n.session.stages as { stage: string; duration: number }[];
          const deep = stages.filter((s) => s.stage === 'deep').reduce((a, s) => a + s.duration, 0);
          const firstAsleep = stages.findIndex((s) => s.stage !== 'awake');
          const latency = stages.slice(0, firstAsleep).reduce((a, s) => a + s.duration, 0);
          const score = n.session.score as number;
          return {
            day: dayOfNight(n),
            score,
            sleepFitnessScore: { total: score },
            presenceDuration: Math.round((n.end - n.start) / 1000),
            sleepDuration: n.asleepS,
            deepPercent: Math.round((deep / n.asleepS) * 100) / 100,
            presenceStart: iso(n.start),
            presenceEnd: iso(n.end),
            sleepStart: iso(n.start + latency * 1000),
            sleepEnd: iso(n.end),
            tnt: (n.session.timeseries as { tnt: unknown[] }).tnt.length,
            mainSessionId: n.id,
            sessionIds: [n.id],
            incomplete: false,
            tags: [],
          };
        });
      const avg = (pick: (d: (typeof days)[number]) => number) =>
        days.length ? Math.round(days.reduce((a, d) => a + pick(d), 0) / days.length) : 0;
      return reply.send({
        days,
        avgScore: avg((d) => d.score),
        avgPresenceDuration: avg((d) => d.presenceDuration),
        avgSleepDuration: avg((d) => d.sleepDuration),
      });
    },
  );
};
