import { isTimeZone, type NewSample } from '@healthfolio/core';
import type { RawPage } from '../types';
import { activityName } from './sports';

const SOURCE = 'strava';

/** The fields of Strava's SummaryActivity (and DetailedActivity's `calories`) that we map. */
export interface StravaActivity {
  id: number;
  name?: string;
  /** Metres. */
  distance?: number;
  /** Seconds. */
  moving_time?: number;
  elapsed_time: number;
  /** Deprecated by Strava in favour of `sport_type`, still sent. */
  type?: string;
  sport_type?: string;
  /** UTC instant, "2026-11-21T13:02:11Z". */
  start_date: string;
  /** The athlete's wall-clock time, written with a misleading "Z". */
  start_date_local?: string;
  /** "(GMT-07:00) America/Denver". */
  timezone?: string;
  /** Seconds east of UTC at the start. */
  utc_offset?: number;
  has_heartrate?: boolean;
  average_heartrate?: number;
  /** Mechanical work of rides with power, in kJ. */
  kilojoules?: number;
  /** Only in DetailedActivity: kcal. */
  calories?: number;
  manual?: boolean;
}

/**
 * Minutes east of UTC: the difference between Strava's local and UTC start is exact even across a DST
 * change; `utc_offset` is the fallback.
 */
function offsetOf(a: StravaActivity): number | undefined {
  const local = a.start_date_local ? Date.parse(a.start_date_local) : NaN;
  const utc = Date.parse(a.start_date);
  if (Number.isFinite(local) && Number.isFinite(utc)) return Math.round((local - utc) / 60_000);
  return typeof a.utc_offset === 'number' ? Math.round(a.utc_offset / 60) : undefined;
}

/** "(GMT-07:00) America/Denver" → "America/Denver" when it is a zone this runtime knows. */
function zoneOf(timezone: string | undefined): string | undefined {
  const name = timezone?.replace(/^\([^)]*\)\s*/, '').trim();
  return name && isTimeZone(name) ? name : undefined;
}

/**
 * Energy burned in kcal: `calories` when Strava sent it; otherwise a ride's `kilojoules` of work, which
 * equals its kcal burned to a few percent (4.184 kJ per kcal against a body's ~24 % efficiency) — the
 * rule Strava itself uses.
 */
export function energyKcal(a: StravaActivity): number | undefined {
  if (typeof a.calories === 'number' && a.calories > 0) return a.calories;
  if (typeof a.kilojoules === 'number' && a.kilojoules > 0) return Math.round(a.kilojoules);
  return undefined;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * One activity → a `workout` (elapsed minutes, as the `strava` importer stores it, so an export and the API
 * meet on the same row) plus distance, moving minutes, energy and average heart rate over the activity.
 */
export function mapActivity(a: StravaActivity): NewSample[] {
  const start = Date.parse(a.start_date);
  if (!Number.isFinite(start) || typeof a.elapsed_time !== 'number' || a.elapsed_time < 0) return [];
  const end = start + Math.round(a.elapsed_time * 1000);
  const offset = offsetOf(a);
  const tz = zoneOf(a.timezone);
  const base = {
    start,
    end,
    source: SOURCE,
    originId: String(a.id),
    ...(offset !== undefined ? { utcOffsetMin: offset } : {}),
    ...(tz ? { tz } : {}),
  };
  const kcal = energyKcal(a);
  const heartRate = a.has_heartrate !== false ? a.average_heartrate : undefined;
  const distance = typeof a.distance === 'number' && a.distance > 0 ? a.distance : undefined;
  const out: NewSample[] = [
    {
      ...base,
      kind: 'workout',
      value: round2(a.elapsed_time / 60),
      unit: 'min',
      meta: {
        workout: {
          activity: activityName(a.sport_type ?? a.type),
          ...(distance !== undefined ? { distanceM: distance } : {}),
          ...(kcal !== undefined ? { energyKcal: kcal } : {}),
          ...(heartRate !== undefined ? { avgHeartRate: heartRate } : {}),
        },
        provenance: {
          name: a.name ?? null,
          sportType: a.sport_type ?? a.type ?? null,
          movingTimeS: a.moving_time ?? null,
          manual: a.manual ?? false,
        },
      },
    },
  ];
  if (distance !== undefined) out.push({ ...base, kind: 'distance', value: distance, unit: 'm' });
  if (typeof a.moving_time === 'number' && a.moving_time > 0) {
    out.push({ ...base, kind: 'exercise_minutes', value: round2(a.moving_time / 60), unit: 'min' });
  }
  if (kcal !== undefined) out.push({ ...base, kind: 'active_calories_burned', value: kcal, unit: 'kcal' });
  if (typeof heartRate === 'number' && heartRate > 0) {
    out.push({ ...base, kind: 'heart_rate', value: heartRate, unit: '/min' });
  }
  return out;
}

/** Strava → canonical samples: one `activities` page is an array of SummaryActivity. */
export function normalize(page: Pick<RawPage, 'resource' | 'payload'>): NewSample[] {
  if (page.resource !== 'activities' || !Array.isArray(page.payload)) return [];
  return (page.payload as StravaActivity[]).flatMap(mapActivity);
}
