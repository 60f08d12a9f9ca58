import { zoneOffsetAt } from '@healthfolio/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FakeOAuth } from '../shared/fake-oauth';
import { DAY_MS, dayOf, gauss, isoWithOffset, seeded } from '../shared/fake-data';
import type { FakeOptions } from '../types';
import {
  DEXCOM_WINDOW_MS as WINDOW_MS,
  dexcomManifest as manifest,
  parseDexcomSystemTime as parseSystemTime,
} from '@healthfolio/connectors/protocol';

/** The sandbox person lives in New York and wears a CGM all year: a G6 with a receiver, then a G7 on iOS. */
const ZONE = 'America/New_York';
const USER_ID = '5a1c3f0e-7d2b-4c8e-9a61-2f4b8d0c6e13';
const MINUTE_MS = 60_000;
/** A reading every five minutes, on the sensor's own clock (not on the minute). */
const STEP_MS = 5 * MINUTE_MS;
const PHASE_MS = 97_000;
/** Readings reach the API after a delay: it is retrospective, not real time. */
const DELAY_MS = 60 * MINUTE_MS;
/** Sensor sessions last ten days; a new sensor warms up before it reads (G6 two hours, G7 half an hour). */
const SESSION_MS = 10 * DAY_MS;
const SESSIONS_EPOCH = Date.UTC(2020, 0, 3, 23, 0);
/** G6 transmitters are replaced every three months; G7 sensors carry their own. */
const TRANSMITTER_MS = 90 * DAY_MS;
/** The receiver's clock runs a little ahead of the system clock. */
const RECEIVER_DRIFT_MS = 133_000;
/** The person moved from a G6 to a G7 this long before "now". */
const G7_FOR_MS = 120 * DAY_MS;

interface Meal {
  at: number;
  size: number;
}
interface DayPlan {
  base: number;
  meals: Meal[];
  nightLow: { at: number; depth: number } | null;
  exercise: { at: number; depth: number } | null;
  signalLoss: { from: number; to: number } | null;
}

const plans = new Map<number, DayPlan>();

/**
 * What one local day looks like: its baseline, three meals (breakfast sometimes skipped), now and then a
 * night low or an afternoon workout, and a signal loss on some days.
 */
function planOf(localDay: number): DayPlan {
  let plan = plans.get(localDay);
  if (plan) return plan;
  const random = seeded(localDay * 31 + 11);
  const base = 122 + gauss(random) * 14;
  const meals: Meal[] = [];
  if (random() > 0.1) meals.push({ at: 450 + gauss(random) * 20, size: 75 + random() * 80 });
  meals.push({ at: 765 + gauss(random) * 30, size: 55 + random() * 75 });
  meals.push({ at: 1140 + gauss(random) * 40, size: 90 + random() * 90 });
  const nightLow = random() < 0.2 ? { at: 120 + random() * 150, depth: 65 + random() * 45 } : null;
  const exercise = random() < 0.3 ? { at: 1000 + random() * 120, depth: 40 + random() * 40 } : null;
  const lossAt = random() * 1440;
  const signalLoss = random() < 0.15 ? { from: lossAt, to: lossAt + 20 + random() * 70 } : null;
  plan = { base, meals, nightLow, exercise, signalLoss };
  if (plans.size > 2000) plans.clear();
  plans.set(localDay, plan);
  return plan;
}

const bump = (u: number, width: number) => Math.exp(-((u / width) ** 2));

/** The rise after a meal peaks near an hour and is followed by a small insulin dip about three hours in. */
function mealEffect(minutesAfter: number, size: number): number {
  if (minutesAfter <= 0) return 0;
  const x = minutesAfter / 55;
  return size * x * Math.exp(1 - x) - 0.45 * size * bump(minutesAfter - 200, 50);
}

/** Local wall-clock position of an instant: its day number and minute of day. */
function localOf(ms: number): { day: number; minute: number } {
  const local = ms + zoneOffsetAt(ZONE, ms) * MINUTE_MS;
  return { day: dayOf(local), minute: (local - dayOf(local) * DAY_MS) / MINUTE_MS };
}

/** The person's glucose (mg/dL, unclamped) at an instant: a smooth curve, the same on every run. */
function glucoseAt(ms: number): number {
  const { day, minute } = localOf(ms);
  const today = planOf(day);
  const yesterday = planOf(day - 1);
  let g = today.base + (planOf(day + 1).base - today.base) * (minute / 1440);
  g += 18 * bump(minute - 360, 80); // dawn phenomenon
  for (const meal of today.meals) g += mealEffect(minute - meal.at, meal.size);
  for (const meal of yesterday.meals) g += mealEffect(minute + 1440 - meal.at, meal.size);
  if (today.nightLow) g -= today.nightLow.depth * bump(minute - today.nightLow.at, 35);
  if (today.exercise) g -= today.exercise.depth * bump(minute - today.exercise.at, 45);
  const t = ms / MINUTE_MS;
  g += 7 * Math.sin((2 * Math.PI * t) / 37 + 1.3);
  g += 9 * Math.sin((2 * Math.PI * t) / 83 + 0.4);
  g += 11 * Math.sin((2 * Math.PI * t) / 151 + 2.2);
  return g;
}

function trendOf(rate: number): string {
  if (rate > 3) return 'doubleUp';
  if (rate > 2) return 'singleUp';
  if (rate > 1) return 'fortyFiveUp';
  if (rate >= -1) return 'flat';
  if (rate >= -2) return 'fortyFiveDown';
  if (rate >= -3) return 'singleDown';
  return 'doubleDown';
}

/** A stable UUID-shaped id per reading. */
function uuidOf(seed: number): string {
  const random = seeded(seed);
  const hex = Array.from({ length: 4 }, () =>
    Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0'),
  ).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function transmitterIdOf(seed: number, g7: boolean): string {
  const random = seeded(seed);
  const alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const body = Array.from({ length: 5 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  return g7 ? `${body}${alphabet[Math.floor(random() * 10)]}` : `8${body}`;
}

/** Whether the sensor read at this slot: not while a new sensor warms up, not during a signal loss. */
function readsAt(ms: number, g7: boolean): boolean {
  const intoSession = (((ms - SESSIONS_EPOCH) % SESSION_MS) + SESSION_MS) % SESSION_MS;
  if (intoSession < (g7 ? 30 : 120) * MINUTE_MS) return false;
  const { day, minute } = localOf(ms);
  const loss = planOf(day).signalLoss;
  return !loss || minute < loss.from || minute >= loss.to;
}

/** One EGV record of the v3 API at a slot. */
function egvAt(ms: number, g7Since: number) {
  const g7 = ms >= g7Since;
  const raw = glucoseAt(ms);
  const noisy = raw + gauss(seeded(ms / STEP_MS)) * 1.5;
  const value = Math.round(Math.min(400, Math.max(40, noisy)));
  const rate = (raw - glucoseAt(ms - STEP_MS)) / 5;
  const offset = zoneOffsetAt(ZONE, ms);
  const session = Math.floor((ms - SESSIONS_EPOCH) / SESSION_MS);
  const transmitterEpoch = g7
    ? SESSIONS_EPOCH + session * SESSION_MS
    : SESSIONS_EPOCH + Math.floor((ms - SESSIONS_EPOCH) / TRANSMITTER_MS) * TRANSMITTER_MS;
  return {
    recordId: uuidOf(ms / 1000),
    // Mobile-app records carry offsets; receiver records are bare local and system times.
    systemTime: g7 ? isoWithOffset(ms, 0) : new Date(ms).toISOString().slice(0, 19),
    displayTime: g7
      ? isoWithOffset(ms, offset)
      : new Date(ms + RECEIVER_DRIFT_MS + offset * MINUTE_MS).toISOString().slice(0, 19),
    transmitterId: transmitterIdOf(g7 ? session : Math.floor(transmitterEpoch / TRANSMITTER_MS), g7),
    transmitterTicks: Math.floor((ms - transmitterEpoch) / 1000),
    value,
    status: value <= 40 ? 'low' : value >= 400 ? 'high' : 'ok',
    trend: trendOf(rate),
    trendRate: Math.round(rate * 10) / 10,
    unit: 'mg/dL',
    rateUnit: 'mg/dL/min',
    displayDevice: g7 ? 'iOS' : 'receiver',
    transmitterGeneration: g7 ? 'g7' : 'g6',
  };
}

interface EgvQuery {
  startDate?: string;
  endDate?: string;
}

const badRequest = (reply: FastifyReply, message: string) =>
  reply.status(400).send({ error: 'invalid_request', error_description: message });

/**
 * A fake of the Dexcom API v3 (https://developer.dexcom.com/docs/dexcomv3/endpoint-overview): OAuth at
 * /v2/oauth2/login and /v2/oauth2/token (two-hour access tokens, single-use refresh tokens),
 * `GET /v3/users/self/egvs` over at most 30 days (400 beyond), `GET /v3/users/self/dataRange`, 401 on
 * expired tokens, 429 with Retry-After when asked to. Data: a year of 5-minute readings, the same every run.
 */
export const fake: FastifyPluginAsync<FakeOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const oauth = new FakeOAuth(
    { ...options, tokenTtlSeconds: options.tokenTtlSeconds ?? 7200 },
    {
      authorize: manifest.oauth!.authorizePath,
      token: manifest.oauth!.tokenPath,
      providerName: 'Dexcom',
      scopes: manifest.oauth!.scopes,
    },
  );
  oauth.register(app);
  oauth.expose(options.control);

  const slotAtOrAfter = (ms: number) => Math.ceil((ms - PHASE_MS) / STEP_MS) * STEP_MS + PHASE_MS;
  const firstSlot = () => slotAtOrAfter((dayOf(now()) - 365) * DAY_MS);
  const lastSlot = () => slotAtOrAfter(now() - DELAY_MS + 1) - STEP_MS;
  const g7Since = () =>
    SESSIONS_EPOCH + Math.ceil((now() - G7_FOR_MS - SESSIONS_EPOCH) / SESSION_MS) * SESSION_MS;

  app.get(
    '/v3/users/self/egvs',
    async (request: FastifyRequest<{ Querystring: EgvQuery }>, reply: FastifyReply) => {
      if (!oauth.authenticate(request, reply)) return reply;
      const start = parseSystemTime(request.query.startDate);
      const end = parseSystemTime(request.query.endDate);
      if (!Number.isFinite(start) || !Number.isFinite(end)) {
        return badRequest(reply, 'startDate and endDate are required date-times (2026-11-01T00:00:00)');
      }
      if (end <= start) return badRequest(reply, 'endDate must be after startDate');
      if (end - start > WINDOW_MS) return badRequest(reply, 'The time window cannot exceed 30 days');
      const since = g7Since();
      const records: object[] = [];
      const from = Math.max(slotAtOrAfter(start), firstSlot());
      // Newest first, as Dexcom answers.
      for (let at = Math.min(lastSlot(), slotAtOrAfter(end) - STEP_MS); at >= from; at -= STEP_MS) {
        if (readsAt(at, at >= since)) records.push(egvAt(at, since));
      }
      return reply.send({ recordType: 'egv', recordVersion: '3.0', userId: USER_ID, records });
    },
  );

  app.get('/v3/users/self/dataRange', async (request, reply) => {
    if (!oauth.authenticate(request, reply)) return reply;
    const moment = (ms: number) => {
      const egv = egvAt(ms, g7Since());
      return { systemTime: egv.systemTime, displayTime: egv.displayTime };
    };
    return reply.send({
      recordType: 'dataRange',
      recordVersion: '3.0',
      userId: USER_ID,
      egvs: { start: moment(firstSlot()), end: moment(lastSlot()) },
    });
  });
};
