import { zoneOffsetAt } from '@healthfolio/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FakeOAuth } from '../shared/fake-oauth';
import { FakeRevisions } from '../shared/fake-revisions';
import { DAY_MS, decodeToken, encodeToken, gauss, seeded } from '../shared/fake-data';
import type { FakeOptions } from '../types';
import { manifest } from './manifest';

/** The sandbox person lives in New York (with its DST changes), wears a Charge 6 and has an Aria scale. */
const ZONE = 'America/New_York';
const HEALTH_USER_ID = '5f3c9a1e7b2d4c60';
const LEGACY_USER_ID = 'BX7K2Q';
const MIN = 60_000;
const TRACKER = { displayName: 'Charge 6', manufacturer: 'Fitbit', formFactor: 'FITNESS_BAND' };
const SCALE = { displayName: 'Aria Air', manufacturer: 'Fitbit', formFactor: 'SCALE' };

const offsetOf = (ms: number) => zoneOffsetAt(ZONE, ms);
const localDay = (ms: number) => Math.floor((ms + offsetOf(ms) * MIN) / DAY_MS);
function localMidnight(day: number): number {
  const naive = day * DAY_MS;
  return naive - offsetOf(naive - offsetOf(naive) * MIN) * MIN;
}
/** google.protobuf.Timestamp as the API writes it: Z-normalised, no fraction when whole. */
const stamp = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
/** google.protobuf.Duration: the UTC offset in seconds ("-18000s"). */
const utcOffset = (ms: number) => `${offsetOf(ms) * 60}s`;
/** CivilDateTime: the wearer's wall clock; proto3 JSON leaves zero fields out. */
function civil(ms: number) {
  const d = new Date(ms + offsetOf(ms) * MIN);
  const time: Record<string, number> = {};
  if (d.getUTCHours()) time.hours = d.getUTCHours();
  if (d.getUTCMinutes()) time.minutes = d.getUTCMinutes();
  if (d.getUTCSeconds()) time.seconds = d.getUTCSeconds();
  return {
    date: { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() },
    ...(Object.keys(time).length ? { time } : {}),
  };
}
const interval = (start: number, end: number) => ({
  startTime: stamp(start),
  startUtcOffset: utcOffset(start),
  endTime: stamp(end),
  endUtcOffset: utcOffset(end),
  civilStartTime: civil(start),
  civilEndTime: civil(end),
});
const sampleTime = (at: number) => ({
  physicalTime: stamp(at),
  utcOffset: utcOffset(at),
  civilTime: civil(at),
});
const pointName = (dataType: string, id: number) =>
  `users/${HEALTH_USER_ID}/dataTypes/${dataType}/dataPoints/${id}`;

/** One generated data point: its filter time, its sort time, and its body. */
interface Generated {
  /** The value the collection's filter field compares (instant, or a civil date for daily types). */
  key: number | string;
  /** The interval start time the API orders by (descending). */
  order: number;
  name?: string;
  dataSource?: object;
  body: Record<string, unknown>;
}

// ---- steps and distance: a minute-level point for each minute with steps -------------------------

interface StepMinute {
  at: number;
  steps: number;
}
const stepCache = new Map<number, StepMinute[]>();

/** A day's walking: a commute, lunch, an evening walk, a long weekend walk, and scattered minutes. */
function stepMinutes(day: number): StepMinute[] {
  const cached = stepCache.get(day);
  if (cached) return cached;
  const random = seeded(day * 13 + 1);
  const midnight = localMidnight(day);
  const weekend = [0, 6].includes((day + 4) % 7);
  const bouts: [number, number][] = weekend
    ? [
        [10 + random(), 45 + random() * 40],
        [16 + random() * 2, 15 + random() * 20],
      ]
    : [
        [7.5 + gauss(random) * 0.2, 12 + random() * 14],
        [12.25 + gauss(random) * 0.2, 10 + random() * 20],
        [17.6 + gauss(random) * 0.3, 15 + random() * 20],
      ];
  if (random() < 0.5) bouts.push([19.5 + random(), 15 + random() * 25]);
  const byMinute = new Map<number, number>();
  for (const [hour, minutes] of bouts) {
    const first = Math.round(hour * 60);
    for (let m = first; m < first + Math.round(minutes) && m < 1440; m++) {
      byMinute.set(m, Math.min(130, Math.max(40, Math.round(96 + gauss(random) * 14))));
    }
  }
  for (let i = 0; i < 45; i++) {
    const m = 480 + Math.floor(random() * 840);
    if (!byMinute.has(m)) byMinute.set(m, 5 + Math.floor(random() * 35));
  }
  const minutes = [...byMinute]
    .sort((a, b) => a[0] - b[0])
    .map(([m, steps]) => ({ at: midnight + m * MIN, steps }));
  if (stepCache.size > 64) stepCache.clear();
  stepCache.set(day, minutes);
  return minutes;
}

function stepPoints(dataType: 'steps' | 'distance', from: number, to: number): Generated[] {
  const out: Generated[] = [];
  for (let day = localDay(from) - 1; day <= localDay(to); day++) {
    for (const { at, steps } of stepMinutes(day)) {
      if (at < from || at >= to) continue;
      const body =
        dataType === 'steps'
          ? { steps: { interval: interval(at, at + MIN), count: String(steps) } }
          : { distance: { interval: interval(at, at + MIN), millimeters: String(steps * 740) } };
      out.push({ key: at, order: at, dataSource: { device: TRACKER, platform: 'FITBIT' }, body });
    }
  }
  return out;
}

// ---- heart rate: a reading every five minutes, a second one in the minute while walking ----------

const HR_STEP = 5 * MIN;
const walkCache = new Map<number, Map<number, number>>();

/** Steps by minute start, for the day an instant falls on. */
function walkingAt(t: number): number | undefined {
  const day = localDay(t);
  let minutes = walkCache.get(day);
  if (!minutes) {
    minutes = new Map(stepMinutes(day).map((m) => [m.at, m.steps]));
    if (walkCache.size > 64) walkCache.clear();
    walkCache.set(day, minutes);
  }
  return minutes.get(t - (t % MIN));
}

function heartPoints(from: number, to: number): Generated[] {
  const out: Generated[] = [];
  for (let t = Math.ceil(from / HR_STEP) * HR_STEP; t < to; t += HR_STEP) {
    const minuteOfDay = Math.floor(((t + offsetOf(t) * MIN) % DAY_MS) / MIN);
    const walking = walkingAt(t);
    const asleep = minuteOfDay < 400 || minuteOfDay > 1395;
    const random = seeded(t / HR_STEP);
    const base = asleep ? 55 : 68 + 6 * Math.sin(((minuteOfDay - 600) / 1440) * 2 * Math.PI);
    const bpm = base + (walking ? walking * 0.32 : 0);
    // The tracker samples more often when the wearer moves.
    for (const dt of walking ? [0, 20_000] : [0]) {
      const at = t + dt;
      if (at >= to) continue;
      out.push({
        key: at,
        order: at,
        dataSource: { device: TRACKER, platform: 'FITBIT' },
        body: {
          heartRate: {
            sampleTime: sampleTime(at),
            beatsPerMinute: String(Math.round(bpm + gauss(random) * 2.5)),
          },
        },
      });
    }
  }
  return out;
}

// ---- daily resting heart rate ------------------------------------------------------------------

const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dateObject = (day: number) => {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

function restingPoints(fromDate: string, toDate: string, lastDay: number): Generated[] {
  const out: Generated[] = [];
  const first = Math.max(Math.floor(Date.parse(fromDate) / DAY_MS), lastDay - 365);
  const end = Math.min(Math.floor(Date.parse(toDate) / DAY_MS), lastDay + 1);
  for (let day = first; day < end; day++) {
    const random = seeded(day * 13 + 3);
    out.push({
      key: dateOf(day),
      order: localMidnight(day),
      dataSource: { device: TRACKER, platform: 'FITBIT' },
      body: {
        dailyRestingHeartRate: {
          date: dateObject(day),
          beatsPerMinute: String(
            Math.round(58 + 1.5 * Math.sin((day / 365) * 2 * Math.PI) + gauss(random) * 1.2),
          ),
          dailyRestingHeartRateMetadata: { calculationMethod: 'WITH_SLEEP' },
        },
      },
    });
  }
  return out;
}

// ---- sleep: a staged night, and now and then a weekend nap ----------------------------------------

function sleepSessions(day: number): Generated[] {
  const random = seeded(day * 13 + 2);
  const out: Generated[] = [];
  if (random() >= 0.05) {
    const wake = localMidnight(day) + Math.round(6 * 60 + 55 + gauss(random) * 25) * MIN;
    const inBed = Math.round((7.7 + gauss(random) * 0.6) * 60);
    const start = wake - inBed * MIN;
    const stages: { type: string; start: number; end: number }[] = [];
    let at = start;
    const push = (type: string, minutes: number) => {
      const end = Math.min(wake, at + Math.max(1, Math.round(minutes)) * MIN);
      const last = stages.at(-1);
      if (last?.type === type) last.end = end;
      else if (end > at) stages.push({ type, start: at, end });
      at = end;
    };
    push('LIGHT', 8 + random() * 12);
    for (let cycle = 0; at < wake - 10 * MIN; cycle++) {
      push('LIGHT', 25 + random() * 15);
      push('DEEP', Math.max(5, 35 - cycle * 7 + gauss(random) * 5));
      push('LIGHT', 10 + random() * 10);
      push('REM', 10 + cycle * 6 + random() * 8);
      if (random() < 0.5) push('AWAKE', 1 + random() * 4);
    }
    push('AWAKE', (wake - at) / MIN);
    const summed = new Map<string, { minutes: number; count: number }>();
    for (const s of stages) {
      const entry = summed.get(s.type) ?? { minutes: 0, count: 0 };
      entry.minutes += (s.end - s.start) / MIN;
      entry.count++;
      summed.set(s.type, entry);
    }
    const awake = summed.get('AWAKE')?.minutes ?? 0;
    const updated = stamp(wake + 20 * MIN);
    out.push({
      key: wake,
      order: start,
      name: pointName('sleep', 40_000_000_000 + day * 10 + 1),
      dataSource: { device: TRACKER, platform: 'FITBIT' },
      body: {
        sleep: {
          interval: interval(start, wake),
          type: 'STAGES',
          metadata: { nap: false, processed: true, manuallyEdited: false, stagesStatus: 'SUCCEEDED' },
          stages: stages.map((s) => ({
            startTime: stamp(s.start),
            startUtcOffset: utcOffset(s.start),
            endTime: stamp(s.end),
            endUtcOffset: utcOffset(s.end),
            type: s.type,
            createTime: updated,
            updateTime: updated,
          })),
          summary: {
            minutesAsleep: String(inBed - awake),
            minutesAwake: String(awake),
            minutesInSleepPeriod: String(inBed),
            minutesToFallAsleep: String(Math.round(5 + random() * 10)),
            minutesAfterWakeUp: '0',
            stagesSummary: ['AWAKE', 'LIGHT', 'DEEP', 'REM'].map((type) => ({
              type,
              minutes: String(Math.round(summed.get(type)?.minutes ?? 0)),
              count: String(summed.get(type)?.count ?? 0),
            })),
          },
          createTime: updated,
          updateTime: updated,
        },
      },
    });
  }
  if ([0, 6].includes((day + 4) % 7) && random() < 0.3) {
    const start = localMidnight(day) + Math.round(15 * 60 + random() * 60) * MIN;
    const asleep = Math.round(20 + random() * 25);
    const end = start + (asleep + 4) * MIN;
    out.push({
      key: end,
      order: start,
      name: pointName('sleep', 40_000_000_000 + day * 10 + 2),
      dataSource: { device: TRACKER, platform: 'FITBIT' },
      body: {
        sleep: {
          interval: interval(start, end),
          type: 'CLASSIC',
          metadata: { nap: true, processed: true, manuallyEdited: false, stagesStatus: 'REJECTED_NAP' },
          stages: [
            { startTime: stamp(start), endTime: stamp(start + asleep * MIN), type: 'ASLEEP' },
            { startTime: stamp(start + asleep * MIN), endTime: stamp(end), type: 'AWAKE' },
          ],
          summary: {
            minutesAsleep: String(asleep),
            minutesAwake: '4',
            minutesInSleepPeriod: String(asleep + 4),
            stagesSummary: [
              { type: 'ASLEEP', minutes: String(asleep), count: '1' },
              { type: 'AWAKE', minutes: '4', count: '1' },
            ],
          },
        },
      },
    });
  }
  return out;
}

function sleepPoints(from: number, to: number): Generated[] {
  const out: Generated[] = [];
  for (let day = localDay(from) - 1; day <= localDay(to) + 1; day++) {
    for (const s of sleepSessions(day)) if ((s.key as number) >= from && (s.key as number) < to) out.push(s);
  }
  return out;
}

// ---- weight: the scale, about three mornings a week ---------------------------------------------

function weightPoints(from: number, to: number): Generated[] {
  const out: Generated[] = [];
  for (let day = localDay(from) - 1; day <= localDay(to); day++) {
    const random = seeded(day * 13 + 4);
    if (random() > 0.42) continue;
    const at = localMidnight(day) + Math.round((6 * 60 + 45 + gauss(random) * 10) * 60) * 1000;
    if (at < from || at >= to) continue;
    const kg =
      76 +
      1.2 * Math.sin((day / 730) * 2 * Math.PI) +
      0.5 * Math.sin(((day - 330) / 365) * 2 * Math.PI) +
      gauss(random) * 0.25;
    out.push({
      key: at,
      order: at,
      name: pointName('weight', 50_000_000_000 + day),
      dataSource: { device: SCALE, platform: 'FITBIT' },
      body: { weight: { sampleTime: sampleTime(at), weightGrams: Math.round(kg * 20) * 50 } },
    });
  }
  return out;
}

// ---- the API ------------------------------------------------------------------------------------

interface Collection {
  field: string;
  dates?: boolean;
  defaultPage: number;
  maxPage: number;
  make(from: number, to: number, dates: [string, string], lastDay: number): Generated[];
}

const COLLECTIONS: Record<string, Collection> = {
  steps: {
    field: 'steps.interval.start_time',
    defaultPage: 1440,
    maxPage: 10_000,
    make: (a, b) => stepPoints('steps', a, b),
  },
  distance: {
    field: 'distance.interval.start_time',
    defaultPage: 1440,
    maxPage: 10_000,
    make: (a, b) => stepPoints('distance', a, b),
  },
  'heart-rate': {
    field: 'heart_rate.sample_time.physical_time',
    defaultPage: 1440,
    maxPage: 10_000,
    make: heartPoints,
  },
  'daily-resting-heart-rate': {
    field: 'daily_resting_heart_rate.date',
    dates: true,
    defaultPage: 1440,
    maxPage: 10_000,
    make: (_a, _b, [from, to], lastDay) => restingPoints(from, to, lastDay),
  },
  sleep: { field: 'sleep.interval.end_time', defaultPage: 25, maxPage: 25, make: sleepPoints },
  weight: {
    field: 'weight.sample_time.physical_time',
    defaultPage: 1440,
    maxPage: 10_000,
    make: weightPoints,
  },
};

/** The AIP-160 subset the sandbox reads: `field >= "…"` and `field < "…"` joined with AND. */
function parseFilter(filter: string | undefined, field: string): { from?: string; to?: string } | string {
  if (!filter) return {};
  const bounds: { from?: string; to?: string } = {};
  for (const clause of filter.split(/\s+AND\s+/)) {
    const match = /^\s*([a-z_.]+)\s*(>=|<)\s*"([^"]+)"\s*$/.exec(clause);
    if (!match) return `Invalid filter clause: ${clause}`;
    if (match[1] !== field) return `Invalid filter field "${match[1]}"; this data type filters on ${field}`;
    if (match[2] === '>=') bounds.from = match[3];
    else bounds.to = match[3];
  }
  return bounds;
}

interface Query {
  filter?: string;
  pageSize?: string;
  pageToken?: string;
}

const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
};
const googleError = (code: number, message: string) => ({
  error: { code, message, status: STATUS[code] ?? 'UNKNOWN' },
});

/**
 * A fake of the Google Health API v4 (https://developers.google.com/health/reference/rest): Google OAuth 2.0
 * (consent page, code with PKCE, refresh, revoke) through FakeOAuth at Google's paths, and
 * `GET /v4/users/me/dataTypes/{type}/dataPoints` and `…/dataPoints:reconcile` with the documented filter
 * fields, `pageSize` (25 at most for sleep), `pageToken`/`nextPageToken`, newest first, int64 values as
 * strings, offsets as durations, and Google's `{error: {code, message, status}}` errors (401, 429 with
 * Retry-After on request). A year of the sandbox person's data, the same on every run;
 * `control.revise(id, fields)` / `deleteRecord(id)` change or delete a point with an id (a sleep, a
 * weigh-in) by its id, `fields` replacing members of the point (`{ sleep: {…} }`).
 */
export const fake: FastifyPluginAsync<FakeOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const oauth = new FakeOAuth(
    // Google's access tokens live an hour, less a second.
    { ...options, tokenTtlSeconds: options.tokenTtlSeconds ?? 3_599 },
    {
      authorize: manifest.oauth!.authorizePath,
      token: manifest.oauth!.tokenPath,
      revoke: manifest.oauth!.revokePath!,
      providerName: 'Google Health (Fitbit)',
      scopes: manifest.oauth!.scopes,
    },
  );
  oauth.register(app);
  oauth.expose(options.control);
  // A point a test revised or deleted, by its id (the last segment of its `name`): a sleep, a weigh-in.
  const revisions = new FakeRevisions();
  revisions.expose(options.control);
  const answered = (g: Generated): Generated | undefined => {
    const id = g.name?.split('/').pop();
    if (id === undefined) return g;
    const body = revisions.apply(id, g.body);
    return body && { ...g, body };
  };

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.includes('/v4/') || (reply.statusCode !== 401 && reply.statusCode !== 429)) {
      return payload;
    }
    reply.type('application/json');
    return JSON.stringify(
      reply.statusCode === 401
        ? googleError(
            401,
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          )
        : googleError(
            429,
            "Quota exceeded for quota metric 'Requests per user' of service 'health.googleapis.com'.",
          ),
    );
  });

  app.get(
    '/v4/users/:user/dataTypes/:dataType/:method',
    async (
      request: FastifyRequest<{
        Params: { user: string; dataType: string; method: string };
        Querystring: Query;
      }>,
      reply: FastifyReply,
    ) => {
      const { user, dataType, method } = request.params;
      if (method !== 'dataPoints' && method !== 'dataPoints:reconcile') {
        return reply.status(404).send(googleError(404, `Method not found: ${method}`));
      }
      if (!oauth.authenticate(request, reply)) return reply;
      if (user !== 'me' && user !== HEALTH_USER_ID) {
        return reply.status(404).send(googleError(404, `User ${user} not found`));
      }
      const collection = COLLECTIONS[dataType];
      if (!collection) return reply.send({}); // a data type the sandbox person has no data of
      const bounds = parseFilter(request.query.filter, collection.field);
      if (typeof bounds === 'string') return reply.status(400).send(googleError(400, bounds));

      const at = now();
      const yearStart = at - 365 * DAY_MS;
      const lastDay = localDay(at);
      const dates: [string, string] = [
        bounds.from ?? dateOf(lastDay - 365),
        bounds.to ?? dateOf(lastDay + 1),
      ];
      const instant = (text: string | undefined, fallback: number) =>
        text === undefined ? fallback : Date.parse(text);
      const from = collection.dates ? yearStart : Math.max(yearStart, instant(bounds.from, yearStart));
      const to = collection.dates ? at : Math.min(at, instant(bounds.to, at));
      if (!collection.dates && (!Number.isFinite(from) || !Number.isFinite(to))) {
        return reply.status(400).send(googleError(400, 'Timestamp literals must be RFC 3339'));
      }
      if (collection.dates && ![dates[0], dates[1]].every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))) {
        return reply.status(400).send(googleError(400, 'Date literals must be YYYY-MM-DD'));
      }
      const all = (from < to || collection.dates ? collection.make(from, to, dates, lastDay) : [])
        .flatMap((g) => answered(g) ?? [])
        .filter((g) => collection.dates || (g.key as number) <= at)
        .sort((a, b) => b.order - a.order);

      const requested = Number(request.query.pageSize);
      const size = Math.min(collection.maxPage, requested > 0 ? requested : collection.defaultPage);
      const offset = decodeToken(request.query.pageToken);
      const reconcile = method === 'dataPoints:reconcile';
      const dataPoints = all.slice(offset, offset + size).map((g) =>
        reconcile
          ? { ...(g.name ? { dataPointName: g.name } : {}), ...g.body }
          : {
              ...(g.name ? { name: g.name } : {}),
              ...(g.dataSource ? { dataSource: g.dataSource } : {}),
              ...g.body,
            },
      );
      const next = offset + size < all.length ? encodeToken(offset + size) : undefined;
      return reply.send({ dataPoints, ...(next ? { nextPageToken: next } : {}) });
    },
  );

  app.get('/v4/users/me/identity', async (request, reply) => {
    if (!oauth.authenticate(request, reply)) return reply;
    return reply.send({
      name: 'users/me/identity',
      healthUserId: HEALTH_USER_ID,
      legacyUserId: LEGACY_USER_ID,
    });
  });
};
