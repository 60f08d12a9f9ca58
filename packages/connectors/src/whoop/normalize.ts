import type { NewSample } from '@healthfolio/core';
import type { RawPage } from '../types';

const SOURCE = 'whoop';
const KJ_PER_KCAL = 4.184;

type ScoreState = 'SCORED' | 'PENDING_SCORE' | 'UNSCORABLE';

/** The fields of WHOOP's v2 records that we map (developer.whoop.com/api). */
interface Timed {
  start: string;
  end?: string | null;
  /** "-05:00", "+01:00" or "Z". */
  timezone_offset?: string;
  score_state: ScoreState;
}
export interface WhoopCycle extends Timed {
  id: number;
  score?: { strain?: number; kilojoule?: number; average_heart_rate?: number; max_heart_rate?: number };
}
export interface WhoopSleep extends Timed {
  id: string;
  nap?: boolean;
  score?: {
    stage_summary?: {
      total_light_sleep_time_milli?: number;
      total_slow_wave_sleep_time_milli?: number;
      total_rem_sleep_time_milli?: number;
    };
    respiratory_rate?: number;
  };
}
export interface WhoopRecovery {
  cycle_id: number;
  sleep_id: string;
  created_at: string;
  score_state: ScoreState;
  score?: {
    user_calibrating?: boolean;
    recovery_score?: number;
    resting_heart_rate?: number;
    hrv_rmssd_milli?: number;
    spo2_percentage?: number;
    skin_temp_celsius?: number;
  };
}
export interface WhoopWorkout extends Timed {
  id: string;
  sport_name?: string;
  score?: { kilojoule?: number; average_heart_rate?: number; distance_meter?: number; strain?: number };
}

/** "-05:00" → -300, "Z" → 0. */
export function offsetMinutes(tzd: string | undefined): number | undefined {
  if (!tzd) return undefined;
  if (/^z$/i.test(tzd.trim())) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(tzd.trim());
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : undefined;
}

const records = <T>(payload: unknown): T[] => {
  const list = (payload as { records?: unknown } | null)?.records;
  return Array.isArray(list) ? (list as T[]) : [];
};
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const kcalOf = (kj: number) => Math.round((kj / KJ_PER_KCAL) * 10) / 10;

/** start, end and offset of a timed record; undefined when it has no readable start. */
function span(r: Timed, originId: string) {
  const start = Date.parse(r.start);
  if (!Number.isFinite(start)) return undefined;
  const end = r.end ? Date.parse(r.end) : NaN;
  const offset = offsetMinutes(r.timezone_offset);
  return {
    start,
    ...(Number.isFinite(end) && end >= start ? { end } : {}),
    source: SOURCE,
    originId,
    ...(offset !== undefined ? { utcOffsetMin: offset } : {}),
  };
}

/** A finished cycle's energy: `kilojoule` → `calories` in kcal (as the importer stores the export's). */
function mapCycle(c: WhoopCycle): NewSample[] {
  const base = span(c, `cycle:${c.id}`);
  const kj = c.score?.kilojoule;
  // The cycle under way has no end yet and a partial total: it is taken on a later sync.
  if (!base?.end || c.score_state !== 'SCORED' || !num(kj)) return [];
  return [{ ...base, kind: 'calories', value: kcalOf(kj), unit: 'kcal' }];
}

/** Time asleep is the sum of the stages (light, slow-wave, REM); in-bed time includes awake time. */
function mapSleep(s: WhoopSleep): NewSample[] {
  const base = span(s, `sleep:${s.id}`);
  const stages = s.score?.stage_summary;
  if (!base?.end || s.score_state !== 'SCORED' || !stages) return [];
  const asleepMs =
    (stages.total_light_sleep_time_milli ?? 0) +
    (stages.total_slow_wave_sleep_time_milli ?? 0) +
    (stages.total_rem_sleep_time_milli ?? 0);
  const out: NewSample[] = [];
  if (asleepMs > 0) {
    out.push({
      ...base,
      kind: 'sleep_duration',
      value: asleepMs / 1000,
      unit: 's',
      ...(s.nap ? { meta: { provenance: { nap: true } } } : {}),
    });
  }
  if (num(s.score?.respiratory_rate) && s.score.respiratory_rate > 0) {
    out.push({ ...base, kind: 'respiratory_rate', value: s.score.respiratory_rate, unit: '/min' });
  }
  return out;
}

/**
 * A recovery has no times of its own: it is scored when the night's sleep ends, so its measures are put at
 * `created_at`, read in the person's zone. Skin temperature (~33–35 °C at the wrist) stays a custom metric,
 * as in the importer, not body temperature, which it would understate by degrees.
 */
function mapRecovery(r: WhoopRecovery, timeZone: string): NewSample[] {
  const at = Date.parse(r.created_at);
  const score = r.score;
  if (!Number.isFinite(at) || r.score_state !== 'SCORED' || !score) return [];
  const base = { start: at, source: SOURCE, originId: `cycle:${r.cycle_id}`, tz: timeZone };
  const out: NewSample[] = [];
  const add = (kind: string, value: unknown, unit: string, extra: Partial<NewSample> = {}) => {
    if (num(value) && value > 0) out.push({ ...base, kind, value, unit, ...extra });
  };
  add('resting_heart_rate', score.resting_heart_rate, '/min');
  add('heart_rate_variability', score.hrv_rmssd_milli, 'ms');
  add('oxygen_saturation', score.spo2_percentage, '%');
  add('custom', score.skin_temp_celsius, 'Cel', { meta: { name: 'Skin temperature' } });
  return out;
}

/** "functional-fitness" → "functional_fitness". */
const sportOf = (name: string | undefined) =>
  (name ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_') || 'activity';

function mapWorkout(w: WhoopWorkout): NewSample[] {
  const base = span(w, `workout:${w.id}`);
  // A workout still being scored is taken on a later sync, with its energy and heart rate (a later score
  // replaces what was stored). An unscorable one is kept with its sport and duration only.
  if (!base?.end || w.score_state === 'PENDING_SCORE') return [];
  const score = w.score_state === 'SCORED' ? w.score : undefined;
  return [
    {
      ...base,
      kind: 'workout',
      value: Math.round(((base.end - base.start) / 60_000) * 100) / 100,
      unit: 'min',
      meta: {
        workout: {
          activity: sportOf(w.sport_name),
          ...(num(score?.kilojoule) ? { energyKcal: kcalOf(score.kilojoule) } : {}),
          ...(num(score?.average_heart_rate) ? { avgHeartRate: score.average_heart_rate } : {}),
          ...(num(score?.distance_meter) ? { distanceM: score.distance_meter } : {}),
        },
        ...(num(score?.strain) ? { provenance: { strain: score.strain } } : {}),
      },
    },
  ];
}

/**
 * WHOOP → canonical samples. Cycles, sleeps and workouts carry their own `timezone_offset`; only scored
 * records have measures (`PENDING_SCORE` ones are taken when a later sync re-reads them).
 */
export function normalize(
  page: Pick<RawPage, 'resource' | 'payload'>,
  context: { timeZone: string },
): NewSample[] {
  switch (page.resource) {
    case 'cycle':
      return records<WhoopCycle>(page.payload).flatMap(mapCycle);
    case 'sleep':
      return records<WhoopSleep>(page.payload).flatMap(mapSleep);
    case 'recovery':
      return records<WhoopRecovery>(page.payload).flatMap((r) => mapRecovery(r, context.timeZone));
    case 'workout':
      return records<WhoopWorkout>(page.payload).flatMap(mapWorkout);
    default:
      return [];
  }
}
