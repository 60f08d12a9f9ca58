// Over 300 lines: a provider fake, as docs/adding-a-connector.md has it: generated summaries and their API.
import { randomUUID } from 'node:crypto';
import { zoneOffsetAt } from '@healthfolio/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FakeOAuth } from '../shared/fake-oauth';
import { FakeRevisions } from '../shared/fake-revisions';
import { DAY_MS, dateOf, gauss, seeded } from '../shared/fake-data';
import type { FakeOptions } from '../types';
import {
  GARMIN_RESOURCES as RESOURCES,
  GARMIN_WINDOW_SECONDS as WINDOW_SECONDS,
  garminManifest as manifest,
  type GarminResource,
} from '@healthfolio/connectors/protocol';
import { PullTokens, registerPush } from './push';

/** The sandbox person lives in New York (with its DST changes) and wears a Forerunner. */
const ZONE = 'America/New_York';
const USER_ID = 'b3a4c7e2-9f1d-4a8e-8c55-2d6f0e1a9b77';
const ID_PREFIX = 'x4f2a91c';
const DEVICE = 'Forerunner 265';
const MIN = 60_000;
const HOUR = 3_600_000;

const hex = (n: number) => Math.round(n).toString(16);
const offsetOf = (ms: number) => zoneOffsetAt(ZONE, ms);
/** The local calendar day (days since 1970-01-01) an instant falls on. */
const localDay = (ms: number) => Math.floor((ms + offsetOf(ms) * MIN) / DAY_MS);
/** The instant of local midnight starting a local calendar day. */
function localMidnight(day: number): number {
  const naive = day * DAY_MS;
  const guess = naive - offsetOf(naive) * MIN;
  return naive - offsetOf(guess) * MIN;
}
const seconds = (ms: number) => Math.round(ms / 1000);

/** A summary as the API answers it, with the instant the device uploaded it (not sent). */
type Dated = { upload: number; summary: Record<string, unknown> };

function daily(day: number, now: number): Dated | undefined {
  const random = seeded(day * 11 + 1);
  const start = localMidnight(day);
  const fullEnd = localMidnight(day + 1);
  const weekend = [0, 6].includes((day + 4) % 7);
  const steps = Math.max(1_500, Math.round((weekend ? 10_500 : 8_400) + gauss(random) * 2_600));
  const restingHr = Math.round(55 + 2 * Math.sin((day / 365) * 2 * Math.PI) + gauss(random) * 1.5);
  const stress = random() < 0.03 ? -1 : Math.min(90, Math.max(5, Math.round(31 + gauss(random) * 8)));
  const upload = fullEnd + (20 + random() * 100) * MIN;
  // The day still under way: Garmin has sent what the watch synced so far (README "Quirks").
  const inProgress = upload > now;
  const end = inProgress
    ? Math.min(fullEnd, start + Math.floor((now - 10 * MIN - start) / (15 * MIN)) * 15 * MIN)
    : fullEnd;
  if (end - start < HOUR) return undefined;
  const share = (end - start) / (fullEnd - start);
  const daySteps = Math.round(steps * share);
  return {
    upload: inProgress ? now - 10 * MIN : upload,
    summary: {
      summaryId: `${ID_PREFIX}-${hex(seconds(start))}`,
      calendarDate: dateOf(day),
      activityType: 'WALKING',
      activeKilocalories: Math.round(daySteps * 0.041 + 60 * share),
      bmrKilocalories: Math.round(1_680 * share),
      steps: daySteps,
      distanceInMeters: Math.round(daySteps * 0.76 * 10) / 10,
      durationInSeconds: seconds(end - start),
      activeTimeInSeconds: Math.round(daySteps * 0.55),
      startTimeInSeconds: seconds(start),
      startTimeOffsetInSeconds: offsetOf(start) * 60,
      moderateIntensityDurationInSeconds: Math.round(Math.max(0, 1_500 + gauss(random) * 700) * share),
      vigorousIntensityDurationInSeconds: Math.round(Math.max(0, 600 + gauss(random) * 500) * share),
      floorsClimbed: Math.max(0, Math.round(9 + gauss(random) * 4)),
      minHeartRateInBeatsPerMinute: restingHr - 4,
      averageHeartRateInBeatsPerMinute: restingHr + 14,
      maxHeartRateInBeatsPerMinute: Math.round(150 + gauss(random) * 12),
      restingHeartRateInBeatsPerMinute: restingHr,
      averageStressLevel: stress,
      maxStressLevel: stress < 0 ? -1 : Math.min(99, stress + 45),
      stepsGoal: 8_000,
    },
  };
}

function sleep(day: number): Dated | undefined {
  const random = seeded(day * 11 + 2);
  if (random() < 0.07) return undefined; // the watch stayed on the charger
  const wake = localMidnight(day) + (6 * 60 + 50 + gauss(random) * 25) * MIN;
  const total = Math.round((7.6 + gauss(random) * 0.6) * 3600);
  const awake = Math.round(total * (0.04 + random() * 0.03));
  const deep = Math.round(total * (0.15 + random() * 0.05));
  const rem = Math.round(total * (0.2 + random() * 0.05));
  const light = total - awake - deep - rem;
  const start = wake - total * 1000;
  const startS = seconds(start);
  return {
    upload: wake + (15 + random() * 60) * MIN,
    summary: {
      summaryId: `${ID_PREFIX}-${hex(startS)}-${hex(total)}`,
      calendarDate: dateOf(day),
      durationInSeconds: total,
      startTimeInSeconds: startS,
      startTimeOffsetInSeconds: offsetOf(start) * 60,
      unmeasurableSleepInSeconds: 0,
      deepSleepDurationInSeconds: deep,
      lightSleepDurationInSeconds: light,
      remSleepInSeconds: rem,
      awakeDurationInSeconds: awake,
      sleepLevelsMap: {
        deep: [{ startTimeInSeconds: startS + 1_200, endTimeInSeconds: startS + 1_200 + deep }],
        light: [{ startTimeInSeconds: startS, endTimeInSeconds: startS + 1_200 }],
        rem: [{ startTimeInSeconds: startS + total - rem - awake, endTimeInSeconds: startS + total - awake }],
        awake: [{ startTimeInSeconds: startS + total - awake, endTimeInSeconds: startS + total }],
      },
      validation: 'ENHANCED_FINAL',
      overallSleepScore: { value: Math.round(78 + gauss(random) * 8), qualifierKey: 'GOOD' },
    },
  };
}

function bodyComp(day: number): Dated | undefined {
  const random = seeded(day * 11 + 3);
  if (random() > 0.45) return undefined; // weighs in about three mornings a week
  const at = localMidnight(day) + (7 * 60 + 5 + gauss(random) * 10) * MIN;
  // Slow drifts over two years and the seasons, the same for a given day whenever it is asked for.
  const drift = Math.sin((day / 730) * 2 * Math.PI);
  const kg = 78 + 1.8 * drift + 0.6 * Math.sin(((day - 330) / 365) * 2 * Math.PI) + gauss(random) * 0.3;
  const fat = 22.5 + 1.2 * drift + gauss(random) * 0.5;
  return {
    upload: at + (1 + random() * 4) * MIN,
    summary: {
      summaryId: `${ID_PREFIX}-${hex(seconds(at))}-bc`,
      measurementTimeInSeconds: seconds(at),
      measurementTimeOffsetInSeconds: offsetOf(at) * 60,
      weightInGrams: Math.round(kg * 100) * 10,
      bodyFatInPercent: Math.round(fat * 10) / 10,
      muscleMassInGrams: Math.round(kg * 0.43 * 100) * 10,
      boneMassInGrams: Math.round(kg * 0.041 * 100) * 10,
      bodyMassIndex: Math.round((kg / 1.78 ** 2) * 10) / 10,
      bodyWaterInPercent: Math.round((55.5 + gauss(random) * 0.8) * 10) / 10,
    },
  };
}

/** A training week: runs Mon/Wed/Fri, strength Tuesday, a long ride Saturday, an easy walk Sunday. */
const PLAN: Record<number, { type: string; name: string; minutes: number; hour: number; speed: number }> = {
  1: { type: 'RUNNING', name: 'Morning Run', minutes: 42, hour: 6.5, speed: 2.9 },
  2: { type: 'STRENGTH_TRAINING', name: 'Strength', minutes: 45, hour: 18, speed: 0 },
  3: { type: 'TRAIL_RUNNING', name: 'Trail Run', minutes: 50, hour: 6.5, speed: 2.6 },
  5: { type: 'RUNNING', name: 'Morning Run', minutes: 38, hour: 6.5, speed: 3.0 },
  6: { type: 'ROAD_BIKING', name: 'Saturday Ride', minutes: 95, hour: 8, speed: 7.4 },
  0: { type: 'WALKING', name: 'Walk', minutes: 55, hour: 10, speed: 1.4 },
};

function activity(day: number): Dated | undefined {
  const random = seeded(day * 11 + 4);
  const plan = PLAN[(day + 4) % 7];
  if (!plan || random() < 0.15) return undefined; // a skipped session now and then
  const start = localMidnight(day) + (plan.hour * 60 + gauss(random) * 10) * MIN;
  const duration = Math.round(plan.minutes * 60 * (1 + gauss(random) * 0.12));
  const distance = plan.speed > 0 ? Math.round(duration * plan.speed * (1 + gauss(random) * 0.05)) : 0;
  const avgHr = Math.round(
    (plan.type === 'WALKING' ? 98 : plan.type === 'STRENGTH_TRAINING' ? 112 : 146) + gauss(random) * 5,
  );
  const activityId = 17_000_000_000 + day * 10 + 1;
  return {
    upload: start + duration * 1000 + (5 + random() * 25) * MIN,
    summary: {
      summaryId: `${activityId}`,
      activityId,
      activityName: plan.name,
      activityType: plan.type,
      durationInSeconds: duration,
      startTimeInSeconds: seconds(start),
      startTimeOffsetInSeconds: offsetOf(start) * 60,
      deviceName: DEVICE,
      averageHeartRateInBeatsPerMinute: avgHr,
      maxHeartRateInBeatsPerMinute: avgHr + 22,
      activeKilocalories: Math.round((duration / 60) * (plan.type === 'WALKING' ? 4.5 : 10.5)),
      ...(distance > 0
        ? {
            distanceInMeters: distance,
            averageSpeedInMetersPerSecond: Math.round((distance / duration) * 1000) / 1000,
          }
        : {}),
      ...(plan.type.includes('RUNNING') || plan.type === 'WALKING'
        ? { steps: Math.round((duration / 60) * (plan.type === 'WALKING' ? 105 : 165)) }
        : {}),
    },
  };
}

interface Query {
  uploadStartTimeInSeconds?: string;
  uploadEndTimeInSeconds?: string;
  token?: string;
}

/**
 * A fake of the Garmin Health API pull endpoints (`/wellness-api/rest/{dailies,sleeps,bodyComps,activities}`)
 * as its specification describes them: windows of upload time of at most 24 hours, plain JSON arrays,
 * `{"errorMessage": …}` errors, OAuth 2.0 with PKCE through FakeOAuth at Garmin's paths, 401 on expired
 * tokens, 429 with Retry-After on request. A year of the sandbox person's summaries, the same on every run;
 * the day under way is answered as it stands, as Garmin re-sends a growing day.
 */
export const fake: FastifyPluginAsync<FakeOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const oauth = new FakeOAuth(
    // Garmin's access tokens live a day.
    { ...options, tokenTtlSeconds: options.tokenTtlSeconds ?? 86_400 },
    {
      authorize: manifest.oauth!.authorizePath,
      token: manifest.oauth!.tokenPath,
      providerName: 'Garmin Connect',
      scopes: ['HEALTH_EXPORT — daily summaries, sleep, body composition', 'ACTIVITY_EXPORT — activities'],
      // Garmin's token answer: a fixed app-level scope, a token id, refresh tokens for about 90 days.
      tokenExtras: () => ({
        token_type: 'bearer',
        scope: 'PARTNER_WRITE PARTNER_READ CONNECT_READ CONNECT_WRITE',
        jti: randomUUID(),
        refresh_token_expires_in: 7_775_998,
      }),
    },
  );
  oauth.register(app);
  oauth.expose(options.control);

  // Garmin answers its API errors as {"errorMessage": "…"}.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.includes('/wellness-api/') || (reply.statusCode !== 401 && reply.statusCode !== 429)) {
      return payload;
    }
    reply.type('application/json');
    return JSON.stringify({
      errorMessage:
        reply.statusCode === 401
          ? 'Unable to read oAuth header or the access token is invalid or expired'
          : 'Too many requests: Rate limit quota violation',
    });
  });

  // A summary a test revised (`control.revise(summaryId, fields)`) is uploaded again when revised.
  const revisions = new FakeRevisions();
  const revisedAt = new Map<string, number>();
  revisions.expose(options.control);
  if (options.control?.revise) {
    const revise = options.control.revise;
    options.control.revise = (id, fields) => {
      revise(id, fields);
      revisedAt.set(id, now());
    };
  }
  const generate: Record<GarminResource, (day: number) => Dated | undefined> = {
    dailies: (day) => daily(day, now()),
    sleeps: sleep,
    bodyComps: bodyComp,
    activities: activity,
  };
  const make = (resource: GarminResource, day: number): Dated | undefined => {
    const item = generate[resource](day);
    const id = item && String(item.summary.summaryId);
    const summary = item && revisions.apply(id!, item.summary);
    if (!item || !summary) return undefined;
    return { upload: revisedAt.get(id!) ?? item.upload, summary };
  };
  /** The summaries uploaded within [fromMs, toMs), the upload no later than now. */
  const uploadedIn = (resource: GarminResource, fromMs: number, toMs: number) => {
    const at = now();
    const firstDay = localDay(at) - 365;
    const out: Record<string, unknown>[] = [];
    // A summary revised within the window was uploaded again then, whatever its day: a month is looked at.
    const revised = [...revisedAt.values()].some((t) => t >= fromMs && t < toMs);
    const first = Math.max(firstDay, revised ? localDay(at) - 31 : localDay(fromMs) - 2);
    for (let day = first; day <= localDay(Math.min(toMs, at)) + 1; day++) {
      const item = make(resource, day);
      if (item && item.upload >= fromMs && item.upload < toMs && item.upload <= at) out.push(item.summary);
    }
    return out;
  };
  const tokens = new PullTokens(now);

  const pull =
    (resource: GarminResource) =>
    async (request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
      if (!oauth.authenticate(request, reply)) return reply;
      const from = Number(request.query.uploadStartTimeInSeconds);
      const to = Number(request.query.uploadEndTimeInSeconds);
      if (!Number.isInteger(from) || !Number.isInteger(to)) {
        return reply.status(400).send({ errorMessage: 'Missing time range parameters' });
      }
      if (to < from || to - from > WINDOW_SECONDS) {
        return reply
          .status(400)
          .send({ errorMessage: `timespan of ${to - from} seconds is not between 0 and ${WINDOW_SECONDS}` });
      }
      // A ping's pull URL carries its pull token: one not issued by a ping (or expired) is refused.
      if (request.query.token !== undefined && !tokens.valid(request.query.token)) {
        return reply.status(400).send({ errorMessage: 'Invalid or expired pull token' });
      }
      return reply.send(uploadedIn(resource, from * 1000, to * 1000));
    };
  for (const resource of RESOURCES) app.get(`/wellness-api/rest/${resource}`, pull(resource));

  // Notifications of what was uploaded, to the endpoint set in the portal (its stand-in).
  registerPush(
    app,
    options,
    USER_ID,
    (resource, from, to) => uploadedIn(resource, from + 1, to + 1),
    RESOURCES,
    tokens,
  );

  app.get('/wellness-api/rest/user/id', async (request, reply) => {
    if (!oauth.authenticate(request, reply)) return reply;
    return reply.send({ userId: USER_ID });
  });
  app.get('/wellness-api/rest/user/permissions', async (request, reply) => {
    if (!oauth.authenticate(request, reply)) return reply;
    return reply.send(['HEALTH_EXPORT', 'ACTIVITY_EXPORT']);
  });
  // How a partner removes a user (Garmin has no OAuth revoke endpoint). The sandbox is shared by every
  // sandbox connection, so the fake acknowledges without revoking anyone's grant.
  app.delete('/wellness-api/rest/user/registration', async (request, reply) => {
    if (!oauth.authenticate(request, reply)) return reply;
    return reply.status(204).send();
  });
};
