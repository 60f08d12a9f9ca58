import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FakeOAuth } from '../shared/fake-oauth';
import { FakeRevisions } from '../shared/fake-revisions';
import {
  DAY_MS,
  dateOf,
  dayOf,
  decodeToken,
  encodeToken,
  gauss,
  isoWithOffset,
  seeded,
} from '../shared/fake-data';
import type { FakeOptions } from '../types';
import { registerPush, SANDBOX_SECRET } from './push';
import { ouraManifest as manifest } from '@healthfolio/connectors/protocol';

/** The sandbox person lives in New York; their data covers the year before `now`. */
const OFFSET = -300;
const DAILY_PAGE = 100;
const HEART_RATE_PAGE = 5_000;
/** One heart-rate reading every 5 minutes, as the ring records during the day. */
const HR_STEP_MS = 5 * 60_000;

interface Query {
  start_date?: string;
  end_date?: string;
  start_datetime?: string;
  end_datetime?: string;
  next_token?: string;
}

function sleepDoc(day: number) {
  const random = seeded(day * 7 + 1);
  const end =
    day * DAY_MS + (7 * 60 + 10) * 60_000 - OFFSET * 60_000 + Math.round(gauss(random) * 20) * 60_000;
  const duration = Math.round((7.2 + gauss(random) * 0.6) * 3600);
  const start = end - duration * 1000 - 25 * 60_000;
  return {
    id: `sleep-${dateOf(day)}`,
    day: dateOf(day),
    type: 'long_sleep',
    bedtime_start: isoWithOffset(start, OFFSET),
    bedtime_end: isoWithOffset(end, OFFSET),
    total_sleep_duration: duration,
    lowest_heart_rate: Math.round(52 + gauss(random) * 2),
    average_heart_rate: Math.round(58 + gauss(random) * 2),
    average_hrv: Math.round(48 + gauss(random) * 8),
    average_breath: Math.round((14.5 + gauss(random) * 0.5) * 10) / 10,
  };
}

/**
 * A day's activity. The day under way is answered as it stands — its totals grow with every sync until
 * the day ends, as Oura's do — at `elapsed` (0–1) of the day's whole.
 */
function activityDoc(day: number, elapsed = 1) {
  const random = seeded(day * 7 + 2);
  const steps = Math.round(Math.max(800, Math.round(8_500 + gauss(random) * 2_500)) * elapsed);
  return {
    id: `activity-${dateOf(day)}`,
    day: dateOf(day),
    steps,
    active_calories: Math.round(steps * 0.045),
    equivalent_walking_distance: Math.round(steps * 0.78),
    timestamp: `${dateOf(day)}T04:00:00-05:00`,
  };
}

function spo2Doc(day: number) {
  const random = seeded(day * 7 + 3);
  return {
    id: `spo2-${dateOf(day)}`,
    day: dateOf(day),
    spo2_percentage: { average: Math.round((96.8 + gauss(random) * 0.7) * 10) / 10 },
  };
}

/**
 * A fake of the Oura API v2 (https://cloud.ouraring.com/v2/docs): OAuth at /oauth/*, the user collections
 * under /v2/usercollection with `next_token` pagination, 401 for expired tokens, 429 with Retry-After
 * when asked to. Data: a year of nights, days and 5-minute heart rate, the same on every run; today's
 * activity grows through the day, a night is answered once it has ended, and `control.revise(id, fields)` /
 * `control.deleteRecord(id)` re-score or delete a document by its `id` (`sleep-2026-11-21`,
 * `activity-2026-11-22`, `spo2-…`) as Oura does when it reprocesses a night or the person deletes one;
 * a heart-rate reading, which has no id, by `heartrate@<its timestamp>`.
 */
export const fake: FastifyPluginAsync<FakeOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const oauth = new FakeOAuth(options, {
    authorize: manifest.oauth!.authorizePath,
    token: manifest.oauth!.tokenPath,
    revoke: manifest.oauth!.revokePath!,
    providerName: 'Oura',
    scopes: manifest.oauth!.scopes,
  });
  oauth.register(app);
  oauth.expose(options.control);
  // Events are signed with the app's client secret (the sandbox's when none is set).
  registerPush(app, options, options.clientSecret ?? SANDBOX_SECRET);
  const revisions = new FakeRevisions();
  revisions.expose(options.control);

  /** The person's local day (New York's date as a day number) and how much of it has gone. */
  const localNow = () => now() + OFFSET * 60_000;
  const lastDay = () => dayOf(localNow());
  const firstDay = () => lastDay() - 365;
  const elapsed = () => (localNow() - lastDay() * DAY_MS) / DAY_MS;

  /** Documents whose `day` is within the dates asked (both inclusive), as they stand now. */
  const daily =
    (make: (day: number) => { id: string } | undefined) =>
    async (request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
      if (!oauth.authenticate(request, reply)) return reply;
      const q = request.query;
      const from = Math.max(firstDay(), q.start_date ? dayOf(Date.parse(q.start_date)) : lastDay() - 7);
      const to = Math.min(lastDay(), q.end_date ? dayOf(Date.parse(q.end_date)) : lastDay());
      const all: object[] = [];
      for (let day = from; day <= to; day++) {
        const doc = make(day);
        const answered = doc && revisions.apply(doc.id, doc);
        if (answered) all.push(answered);
      }
      const offset = decodeToken(q.next_token);
      const data = all.slice(offset, offset + DAILY_PAGE);
      const more = offset + data.length < all.length;
      return reply.send({ data, next_token: more ? encodeToken(offset + data.length) : null });
    };

  app.get(
    '/v2/usercollection/sleep',
    daily((day) => {
      const doc = sleepDoc(day);
      return Date.parse(doc.bedtime_end) <= now() ? doc : undefined;
    }),
  );
  app.get(
    '/v2/usercollection/daily_activity',
    daily((day) => activityDoc(day, day === lastDay() ? elapsed() : 1)),
  );
  app.get('/v2/usercollection/daily_spo2', daily(spo2Doc));
  app.get('/v2/usercollection/heartrate', async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
    if (!oauth.authenticate(request, reply)) return reply;
    const q = request.query;
    const first = firstDay() * DAY_MS;
    const from = Math.max(first, q.start_datetime ? Date.parse(q.start_datetime) : now() - DAY_MS);
    const to = Math.min(now(), q.end_datetime ? Date.parse(q.end_datetime) : now());
    const start = Math.ceil(from / HR_STEP_MS) * HR_STEP_MS + decodeToken(q.next_token) * HR_STEP_MS;
    const data: object[] = [];
    let at = start;
    for (; at < to && data.length < HEART_RATE_PAGE; at += HR_STEP_MS) {
      const minuteOfDay = (((at / 60_000 + OFFSET) % 1440) + 1440) % 1440;
      const random = seeded(at / HR_STEP_MS);
      const bpm = Math.round(
        64 + 14 * Math.sin(((minuteOfDay - 420) / 1440) * 2 * Math.PI) + gauss(random) * 4,
      );
      const timestamp = new Date(at).toISOString().replace('.000Z', '+00:00');
      const reading = { bpm, source: minuteOfDay < 420 ? 'rest' : 'awake', timestamp };
      const answered = revisions.apply(`heartrate@${timestamp}`, reading);
      if (answered) data.push(answered);
    }
    const consumed = (at - Math.ceil(from / HR_STEP_MS) * HR_STEP_MS) / HR_STEP_MS;
    return reply.send({ data, next_token: at < to ? encodeToken(consumed) : null });
  });
  app.get('/v2/usercollection/personal_info', async (request, reply) => {
    if (!oauth.authenticate(request, reply)) return reply;
    return reply.send({
      id: 'sandbox-oura-user',
      age: 36,
      weight: 68.5,
      height: 1.71,
      biological_sex: 'female',
      email: 'sandbox@example.com',
    });
  });
};
