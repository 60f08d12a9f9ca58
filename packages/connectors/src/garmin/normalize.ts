import { zoneOffsetAt, type NewSample } from '@healthfolio/core';
import type { DeletedOrigins, NormalizeContext, RawPage } from '../types';

const SOURCE = 'garmin';

/** Health API "dailies": one calendar day of the device owner, from local midnight. */
export interface GarminDaily {
  summaryId: string;
  calendarDate?: string;
  startTimeInSeconds: number;
  startTimeOffsetInSeconds?: number;
  durationInSeconds?: number;
  steps?: number;
  distanceInMeters?: number;
  activeKilocalories?: number;
  restingHeartRateInBeatsPerMinute?: number;
  averageStressLevel?: number;
}

/** Health API "sleeps": one sleep period with its stage totals. */
export interface GarminSleep {
  summaryId: string;
  calendarDate?: string;
  startTimeInSeconds: number;
  startTimeOffsetInSeconds?: number;
  durationInSeconds: number;
  deepSleepDurationInSeconds?: number;
  lightSleepDurationInSeconds?: number;
  remSleepInSeconds?: number;
  awakeDurationInSeconds?: number;
  unmeasurableSleepInSeconds?: number;
  validation?: string;
}

/** Health API "bodyComps": one weigh-in on a scale or entered by hand. */
export interface GarminBodyComp {
  summaryId: string;
  measurementTimeInSeconds: number;
  measurementTimeOffsetInSeconds?: number;
  weightInGrams?: number;
  bodyFatInPercent?: number;
  muscleMassInGrams?: number;
  boneMassInGrams?: number;
  bodyMassIndex?: number;
}

/** Health API (Activity API) "activities": one recorded activity's summary. */
export interface GarminActivity {
  summaryId: string;
  activityId?: number;
  activityName?: string;
  activityType?: string;
  startTimeInSeconds: number;
  startTimeOffsetInSeconds?: number;
  durationInSeconds: number;
  distanceInMeters?: number;
  activeKilocalories?: number;
  averageHeartRateInBeatsPerMinute?: number;
  deviceName?: string;
}

const DAY_MS = 86_400_000;
/** What a daily summary brings. */
const DAILY_KINDS = ['steps', 'distance', 'active_calories_burned', 'resting_heart_rate', 'stress_level'];

const records = <T>(payload: unknown): T[] => (Array.isArray(payload) ? (payload as T[]) : []);
const num = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const offsetMin = (seconds: number | undefined) =>
  num(seconds) ? { utcOffsetMin: Math.round(seconds / 60) } : {};

/** Garmin's activity types in the words of the FIT sport names the garmin-fit importer writes. */
const SPORTS: Record<string, string> = {
  treadmill_running: 'running',
  trail_running: 'running',
  track_running: 'running',
  street_running: 'running',
  indoor_running: 'running',
  road_biking: 'cycling',
  mountain_biking: 'cycling',
  indoor_cycling: 'cycling',
  gravel_cycling: 'cycling',
  virtual_ride: 'cycling',
  lap_swimming: 'swimming',
  open_water_swimming: 'swimming',
  casual_walking: 'walking',
  speed_walking: 'walking',
};

/** "TRAIL_RUNNING" → "running", "STRENGTH_TRAINING" → "strength_training". */
export function activityName(type: string | undefined): string {
  const snake = (type ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return SPORTS[snake] ?? (snake || 'workout');
}

function offsetAt(timeZone: string, ms: number): number {
  try {
    return zoneOffsetAt(timeZone, ms);
  } catch {
    return 0;
  }
}

/**
 * A daily summary's samples are keyed by its calendar day, over the whole day from its local midnight,
 * however much of it Garmin has summed so far: the day re-sent as it grows (and its summaryId, which may
 * change with it) then replaces what was stored. The day's length is read in the person's zone (23 or
 * 25 hours at a DST change).
 */
function dayOf(d: GarminDaily, timeZone: string): { originId: string; start: number; end: number } {
  const start = d.startTimeInSeconds * 1000;
  const end = start + DAY_MS - (offsetAt(timeZone, start + DAY_MS) - offsetAt(timeZone, start)) * 60_000;
  return { originId: d.calendarDate ? `daily:${d.calendarDate}` : d.summaryId, start, end };
}

/**
 * What a dailies page says is superseded: daily samples written under a summary's own `summaryId`, as
 * this connector stored them before they were keyed by the calendar day. A day read again is then stored
 * once. Nothing else: Garmin's pulls filter by upload time, and name no deletions.
 */
export function deleted(page: Pick<RawPage, 'resource' | 'payload'>): DeletedOrigins[] {
  if (page.resource !== 'dailies') return [];
  const legacy = records<GarminDaily>(page.payload)
    .filter((d) => d?.summaryId && d.calendarDate && d.summaryId !== `daily:${d.calendarDate}`)
    .map((d) => d.summaryId);
  return legacy.length > 0 ? [{ kinds: DAILY_KINDS, originIds: legacy }] : [];
}

/**
 * Garmin Health API summaries → canonical samples. Times are UTC seconds with the device's offset beside
 * them; a day is keyed by its calendar date, every other summary by its `summaryId`, so a re-sync of the
 * same summary adds nothing and a revised one replaces it.
 */
export function normalize(
  page: Pick<RawPage, 'resource' | 'payload'>,
  context: Pick<NormalizeContext, 'timeZone'> = { timeZone: 'UTC' },
): NewSample[] {
  const out: NewSample[] = [];
  switch (page.resource) {
    case 'dailies':
      for (const d of records<GarminDaily>(page.payload)) {
        if (!d?.summaryId || !num(d.startTimeInSeconds) || !num(d.durationInSeconds)) continue;
        // Garmin re-sends a day's summary as it grows: each replaces the last (`dayOf`).
        const base = {
          ...dayOf(d, context.timeZone),
          source: SOURCE,
          ...offsetMin(d.startTimeOffsetInSeconds),
        };
        if (num(d.steps)) out.push({ ...base, kind: 'steps', value: d.steps, unit: '{count}' });
        if (num(d.distanceInMeters))
          out.push({ ...base, kind: 'distance', value: d.distanceInMeters, unit: 'm' });
        if (num(d.activeKilocalories)) {
          out.push({ ...base, kind: 'active_calories_burned', value: d.activeKilocalories, unit: 'kcal' });
        }
        if (num(d.restingHeartRateInBeatsPerMinute) && d.restingHeartRateInBeatsPerMinute > 0) {
          out.push({
            ...base,
            kind: 'resting_heart_rate',
            value: d.restingHeartRateInBeatsPerMinute,
            unit: '/min',
          });
        }
        // -1 and -2 mean "not enough data" (too much motion, watch off).
        if (num(d.averageStressLevel) && d.averageStressLevel >= 0) {
          out.push({ ...base, kind: 'stress_level', value: d.averageStressLevel, unit: '{score}' });
        }
      }
      break;
    case 'sleeps':
      for (const s of records<GarminSleep>(page.payload)) {
        if (!s?.summaryId || !num(s.startTimeInSeconds) || !num(s.durationInSeconds)) continue;
        // A tentative sleep is replaced by its final version later; keep only the final one.
        if (s.validation?.endsWith('TENTATIVE')) continue;
        const stages = [s.deepSleepDurationInSeconds, s.lightSleepDurationInSeconds, s.remSleepInSeconds];
        const asleep = stages.some(num)
          ? stages.reduce<number>((sum, v) => sum + (num(v) ? v : 0), 0)
          : s.durationInSeconds - (s.awakeDurationInSeconds ?? 0) - (s.unmeasurableSleepInSeconds ?? 0);
        if (!(asleep > 0)) continue;
        const start = s.startTimeInSeconds * 1000;
        const minutes = (v: number | undefined) => (num(v) ? Math.round(v / 60) : null);
        out.push({
          kind: 'sleep_duration',
          start,
          end: start + s.durationInSeconds * 1000,
          value: asleep,
          unit: 's',
          source: SOURCE,
          originId: s.summaryId,
          ...offsetMin(s.startTimeOffsetInSeconds),
          meta: {
            provenance: {
              deepMin: minutes(s.deepSleepDurationInSeconds),
              lightMin: minutes(s.lightSleepDurationInSeconds),
              remMin: minutes(s.remSleepInSeconds),
              awakeMin: minutes(s.awakeDurationInSeconds),
              validation: s.validation ?? null,
            },
          },
        });
      }
      break;
    case 'bodyComps':
      for (const b of records<GarminBodyComp>(page.payload)) {
        if (!b?.summaryId || !num(b.measurementTimeInSeconds)) continue;
        const base = {
          start: b.measurementTimeInSeconds * 1000,
          source: SOURCE,
          originId: b.summaryId,
          ...offsetMin(b.measurementTimeOffsetInSeconds),
        };
        const fields = [
          ['weight', b.weightInGrams, 'g'],
          ['body_fat', b.bodyFatInPercent, '%'],
          ['muscle_mass', b.muscleMassInGrams, 'g'],
          ['bone_mass', b.boneMassInGrams, 'g'],
          ['bmi', b.bodyMassIndex, 'kg/m2'],
        ] as const;
        for (const [kind, value, unit] of fields) {
          if (num(value) && value > 0) out.push({ ...base, kind, value, unit });
        }
      }
      break;
    case 'activities':
      for (const a of records<GarminActivity>(page.payload)) {
        if (!a?.summaryId || !num(a.startTimeInSeconds) || !num(a.durationInSeconds)) continue;
        const start = a.startTimeInSeconds * 1000;
        const base = {
          start,
          end: start + a.durationInSeconds * 1000,
          source: SOURCE,
          originId: a.summaryId,
          device: a.deviceName ?? null,
          ...offsetMin(a.startTimeOffsetInSeconds),
        };
        const avgHeartRate = num(a.averageHeartRateInBeatsPerMinute)
          ? a.averageHeartRateInBeatsPerMinute
          : undefined;
        out.push({
          ...base,
          kind: 'workout',
          value: Math.round((a.durationInSeconds / 60) * 100) / 100,
          unit: 'min',
          meta: {
            workout: {
              activity: activityName(a.activityType),
              ...(num(a.distanceInMeters) ? { distanceM: a.distanceInMeters } : {}),
              ...(num(a.activeKilocalories) ? { energyKcal: a.activeKilocalories } : {}),
              ...(avgHeartRate !== undefined ? { avgHeartRate } : {}),
            },
            provenance: {
              name: a.activityName ?? null,
              activityType: a.activityType ?? null,
              activityId: a.activityId ?? null,
            },
          },
        });
        // The activity's steps, distance and calories are already in the day's summary: only its
        // average heart rate is added, over the activity.
        if (avgHeartRate && avgHeartRate > 0) {
          out.push({ ...base, kind: 'heart_rate', value: avgHeartRate, unit: '/min' });
        }
      }
      break;
  }
  return out;
}
