// Over 300 lines: a provider fake, as docs/adding-a-connector.md has it: measures, nights and their API.
import { zoneOffsetAt } from '@healthfolio/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FakeOAuth } from '../shared/fake-oauth';
import { FakeRevisions } from '../shared/fake-revisions';
import { DAY_MS, dateOf, dayOf, gauss, seeded } from '../shared/fake-data';
import type { FakeOptions } from '../types';
import {
  WITHINGS_MEAS_TYPES as MEAS_TYPES,
  withingsManifest as manifest,
} from '@healthfolio/connectors/protocol';
import { registerPush } from './push';

/** The sandbox person lives in New York, steps on a Body+ most mornings, and sleeps on a Sleep Analyzer. */
const ZONE = 'America/New_York';
const USER_ID = '37465921';
const MINUTE_MS = 60_000;
/** Groups and nights per page; Withings documents paging (`more`, `offset`) but not its page size. */
const MEASURE_PAGE = 100;
const SLEEP_PAGE = 100;
const TOKEN_PATH = '/v2/oauth2';

type Params = Record<string, string | undefined>;

interface Group {
  grpid: number;
  attrib: number;
  date: number;
  created: number;
  modified: number;
  category: number;
  deviceid: string;
  hash_deviceid: string;
  measures: { value: number; type: number; unit: number; algo: number; fm: number }[];
  modelid: number;
  model: string;
  comment: null;
}

/** Unix seconds of a local wall-clock minute of a UTC day number, in the sandbox zone. */
function localInstant(day: number, minute: number): number {
  const guess = day * DAY_MS + minute * MINUTE_MS;
  return Math.round((guess - zoneOffsetAt(ZONE, guess) * MINUTE_MS) / 1000);
}

const SCALE = { modelid: 5, model: 'Body+', deviceid: 'a4c138f3b1e24f4b9a1c0d7e5f6a8b9c0d1e2f3a' };
const CUFF = { modelid: 44, model: 'BPM Connect', deviceid: 'c405eb8e0e053f6601e151c7e43c04e29aad6956' };

function group(
  grpid: number,
  date: number,
  device: typeof SCALE,
  measures: [type: number, value: number, unit: number][],
  attrib = 0,
): Group {
  return {
    grpid,
    attrib,
    date,
    created: date + 40,
    modified: date + 40,
    category: 1,
    deviceid: device.deviceid,
    hash_deviceid: device.deviceid,
    measures: measures.map(([type, value, unit]) => ({ value, type, unit, algo: 0, fm: 3 })),
    modelid: device.modelid,
    model: device.model,
    comment: null,
  };
}

/**
 * One day's measure groups: a morning weigh-in (weight, fat ratio, fat mass, muscle mass, bone mass,
 * hydration, fat-free mass) most days, a guest on the scale now and then (attrib 1), and blood pressure
 * some evenings and mornings. A slow year: weight 84 → 80 kg, blood pressure easing.
 */
function groupsOf(day: number, firstDay: number): Group[] {
  const random = seeded(day * 17 + 5);
  const year = (day - firstDay) / 365;
  const out: Group[] = [];
  const id = (k: number) => 4_700_000_000 + day * 10 + k;
  if (random() < 0.85) {
    const weight = 84 - 4 * year + 0.6 * Math.sin((2 * Math.PI * day) / 60) + gauss(random) * 0.35;
    const ratio = 26 - 3 * year + gauss(random) * 0.5;
    const fat = (weight * ratio) / 100;
    out.push(
      group(id(1), localInstant(day, 405 + Math.round(gauss(random) * 15)), SCALE, [
        [1, Math.round(weight * 1000), -3],
        [6, Math.round(ratio * 100), -2],
        [8, Math.round(fat * 100), -2],
        [76, Math.round((weight - fat) * 0.945 * 100), -2],
        [88, Math.round((3.4 + gauss(random) * 0.05) * 100), -2],
        [77, Math.round(weight * 0.53 * 100), -2],
        [5, Math.round((weight - fat) * 100), -2],
      ]),
    );
  }
  if (random() < 0.03) {
    // A guest weighed in: Withings cannot tell whose it is.
    out.push(
      group(id(2), localInstant(day, 1170), SCALE, [[1, Math.round((61 + random() * 4) * 1000), -3]], 1),
    );
  }
  const reading = (k: number, minute: number, lift: number) => {
    const systolic = 128 - 5 * year + lift + gauss(random) * 7;
    const diastolic = 82 - 3 * year + lift / 2 + gauss(random) * 5;
    out.push(
      group(id(k), localInstant(day, minute + Math.round(gauss(random) * 20)), CUFF, [
        [9, Math.round(diastolic), 0],
        [10, Math.round(systolic), 0],
        [11, Math.round(68 + gauss(random) * 5), 0],
      ]),
    );
  };
  if (random() < 0.25) reading(3, 435, 4);
  if (random() < 0.55) reading(4, 1270, 0);
  return out;
}

/** The night that ends on a local day, or null when the Sleep Analyzer saw no night (8 % of days). */
function nightOf(day: number) {
  const random = seeded(day * 23 + 9);
  if (random() < 0.08) return null;
  const toSleep = Math.round(8 + random() * 12) * 60;
  const asleep = Math.round((7.1 + gauss(random) * 0.6) * 3600);
  const awake = Math.round((22 + gauss(random) * 8) * 60);
  const deep = Math.round(asleep * (0.17 + gauss(random) * 0.02));
  const rem = Math.round(asleep * (0.22 + gauss(random) * 0.02));
  const startdate = localInstant(day - 1, 1390 + Math.round(gauss(random) * 25));
  const inBed = toSleep + asleep + Math.max(0, awake);
  return {
    id: 3_100_000_000 + day,
    timezone: ZONE,
    model: 'Sleep Analyzer',
    model_id: 63,
    startdate,
    enddate: startdate + inBed,
    date: dateOf(day),
    created: startdate + inBed + 600,
    modified: startdate + inBed + 600,
    data: {
      total_sleep_time: asleep,
      total_timeinbed: inBed,
      lightsleepduration: asleep - deep - rem,
      deepsleepduration: deep,
      remsleepduration: rem,
      wakeupduration: Math.max(0, awake),
      durationtosleep: toSleep,
      wakeupcount: Math.max(0, Math.round(2 + gauss(random))),
      sleep_efficiency: Math.round((asleep / inBed) * 100) / 100,
      hr_average: Math.round(58 + gauss(random) * 2),
      hr_min: Math.round(50 + gauss(random) * 2),
      rr_average: Math.round(14.5 + gauss(random) * 0.6),
      sleep_score: Math.min(100, Math.round(78 + gauss(random) * 8)),
    } as Record<string, number>,
  };
}

/** Withings answers errors inside its envelope: `{ status, body: {}, error }`. */
const failure = (status: number, error: string) => ({ status, body: {}, error });

/** Withings reads take form parameters (POST, as documented) or query parameters (GET). */
function paramsOf(request: FastifyRequest): Params {
  const body = request.body && typeof request.body === 'object' ? (request.body as Params) : {};
  return { ...(request.query as Params), ...body };
}

/**
 * A fake of the Withings Public Health Data API (https://developer.withings.com/api-reference/): consent
 * at /oauth2_user/authorize2, `POST /v2/oauth2` with `action=requesttoken` answering inside
 * `{ status: 0, body }` (3-hour access tokens, rotating refresh tokens), `measure?action=getmeas` and
 * `v2/sleep?action=getsummary` by POST or GET with `more`/`offset` paging. Errors carry Withings'
 * envelope (status 401 for a bad token, 601 for too many requests) on HTTP 401 and 429 — the real API
 * answers them with HTTP 200, which the framework cannot see yet (README). `control.revise(grpid, fields)`
 * edits a measure group (its `measures`, `date` …) or a night (by its `id`), setting `modified`;
 * `control.deleteRecord(grpid)` deletes one, as the person does in Health Mate.
 */
export const fake: FastifyPluginAsync<FakeOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const oauth = new FakeOAuth(
    { ...options, tokenTtlSeconds: options.tokenTtlSeconds ?? 10_800 },
    {
      authorize: manifest.oauth!.authorizePath,
      token: TOKEN_PATH,
      providerName: 'Withings',
      scopes: manifest.oauth!.scopes,
      tokenExtras: () => ({ userid: USER_ID, scope: manifest.oauth!.scopes.join(',') }),
    },
  );

  const isToken = (request: FastifyRequest) => request.routeOptions.url?.endsWith(TOKEN_PATH) ?? false;

  // The token service is one of Withings' actions: without action=requesttoken it does nothing.
  app.addHook('preHandler', async (request, reply) => {
    if (!isToken(request) || paramsOf(request).action === 'requesttoken') return;
    await reply.send(failure(503, 'Invalid Params: action must be requesttoken'));
    return reply;
  });
  // Wrap what the shared OAuth server and guard answer in Withings' envelope.
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !payload.startsWith('{')) return payload;
    const answer = JSON.parse(payload) as Record<string, unknown>;
    if ('status' in answer) return payload; // already an envelope
    if (isToken(request)) {
      if (reply.statusCode < 300) return JSON.stringify({ status: 0, body: answer });
      return JSON.stringify(
        failure(503, `Invalid Params: ${String(answer.error_description ?? answer.error)}`),
      );
    }
    if (reply.statusCode === 401) {
      return JSON.stringify(
        failure(401, 'XRequestID: Not provided invalid_token: The access token provided is invalid'),
      );
    }
    if (reply.statusCode === 429) return JSON.stringify(failure(601, 'Too Many Requests'));
    return payload;
  });

  oauth.register(app);
  oauth.expose(options.control);

  const firstDay = () => dayOf(now()) - 365;
  const lastDay = () => dayOf(now());
  const nowSeconds = () => Math.floor(now() / 1000);
  // A group or night edited in Health Mate is answered with its new fields and a new `modified`.
  const revisions = new FakeRevisions(() => ({ modified: nowSeconds() }));
  revisions.expose(options.control);

  // Notify: a weigh-in (appli 1), a blood-pressure reading (4) or a night (44) that appeared is notified.
  registerPush(app, options, oauth, USER_ID, (from, to) => {
    const [start, end] = [from / 1000, to / 1000];
    const out: [number, number, number][] = [];
    for (let day = dayOf(from) - 1; day <= dayOf(to); day++) {
      for (const g of groupsOf(day, firstDay())) {
        if (g.date > start && g.date <= end) out.push([g.modelid === SCALE.modelid ? 1 : 4, g.date, g.date]);
      }
      const night = nightOf(day);
      if (night && night.enddate > start && night.enddate <= end) {
        out.push([44, night.startdate, night.enddate]);
      }
    }
    return out;
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/measure',
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!oauth.authenticate(request, reply)) return reply;
      const p = paramsOf(request);
      if (p.action !== 'getmeas') return reply.send(failure(2554, 'Unknown action'));
      const types = new Set((p.meastypes ?? p.meastype ?? MEAS_TYPES.join(',')).split(',').map(Number));
      const category = Number(p.category ?? 1);
      const lastUpdate = p.lastupdate ? Number(p.lastupdate) : undefined;
      const from = lastUpdate ?? (p.startdate ? Number(p.startdate) : 0);
      const to = lastUpdate !== undefined ? Infinity : p.enddate ? Number(p.enddate) : nowSeconds();
      if (!Number.isFinite(from) || Number.isNaN(to)) return reply.send(failure(503, 'Invalid Params'));
      const offset = Number(p.offset ?? 0) || 0;
      const groups: Group[] = [];
      if (category === 1) {
        // Newest first.
        for (let day = lastDay(); day >= firstDay(); day--) {
          for (const generated of groupsOf(day, firstDay()).reverse()) {
            const g = revisions.apply(String(generated.grpid), generated);
            if (!g) continue;
            const when = lastUpdate !== undefined ? g.modified : g.date;
            if (when < from || when > to || g.date > nowSeconds()) continue;
            const measures = g.measures.filter((m) => types.has(m.type));
            if (measures.length > 0) groups.push({ ...g, measures });
          }
        }
      }
      const page = groups.slice(offset, offset + MEASURE_PAGE);
      const more = offset + page.length < groups.length;
      return reply.send({
        status: 0,
        body: {
          updatetime: nowSeconds(),
          timezone: ZONE,
          measuregrps: page,
          more: more ? 1 : 0,
          offset: more ? offset + page.length : 0,
        },
      });
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/v2/sleep',
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!oauth.authenticate(request, reply)) return reply;
      const p = paramsOf(request);
      if (p.action !== 'getsummary') return reply.send(failure(2554, 'Unknown action'));
      const lastUpdate = p.lastupdate ? Number(p.lastupdate) : undefined;
      const fromDay = p.startdateymd ? dayOf(Date.parse(p.startdateymd)) : lastDay() - 7;
      const toDay = p.enddateymd ? dayOf(Date.parse(p.enddateymd)) : lastDay();
      if (lastUpdate === undefined && (!Number.isFinite(fromDay) || !Number.isFinite(toDay))) {
        return reply.send(failure(503, 'Invalid Params: startdateymd and enddateymd are YYYY-MM-DD'));
      }
      const fields = p.data_fields ? new Set(p.data_fields.split(',')) : null;
      const offset = Number(p.offset ?? 0) || 0;
      const series = [];
      const first = lastUpdate !== undefined ? firstDay() : Math.max(firstDay(), fromDay);
      const last = lastUpdate !== undefined ? lastDay() : Math.min(lastDay(), toDay);
      for (let day = first; day <= last; day++) {
        const generated = nightOf(day);
        const night = generated && revisions.apply(String(generated.id), generated);
        if (!night || night.enddate > nowSeconds()) continue;
        if (lastUpdate !== undefined && night.modified < lastUpdate) continue;
        const data = fields
          ? Object.fromEntries(Object.entries(night.data).filter(([k]) => fields.has(k)))
          : night.data;
        series.push({ ...night, data });
      }
      const page = series.slice(offset, offset + SLEEP_PAGE);
      const more = offset + page.length < series.length;
      return reply.send({
        status: 0,
        body: { series: page, more, offset: more ? offset + page.length : 0 },
      });
    },
  });
};
