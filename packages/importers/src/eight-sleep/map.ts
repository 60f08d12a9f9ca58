import type { NewSample } from '@healthfolio/core';

/** A reading of a session that is not kept: what the export calls it, and why. */
export interface Skip {
  type: string;
  reason: string;
}
/**
 * What a session gave: its samples, the readings it could not read and those deliberately not kept; or,
 * for a session that cannot be placed in time, one problem for the whole session.
 */
export type Mapped = { samples: NewSample[]; problems: string[]; skipped: Skip[] } | { problem: string };
type Fields = Record<string, unknown>;

/** The series a session's means are taken of, by their timeseries key. */
const KEPT_SERIES: Record<string, { kind: string; unit: string }> = {
  heartRate: { kind: 'heart_rate', unit: '/min' },
  hrv: { kind: 'heart_rate_variability', unit: 'ms' },
  respiratoryRate: { kind: 'respiratory_rate', unit: '/min' },
};

/** Why the other series are left; each counts one reading a session, as a kept series does. */
const SKIPPED_SERIES: Record<string, string> = {
  tnt: 'tosses and turns are not kept',
  tempRoomC: "the room's temperature is not a reading of you",
  tempBedC: "the bed's temperature is not a reading of you",
};

/** Fields of a session that place it (`ts`) or hold its readings (`stages`, `timeseries`). */
const SESSION_FIELDS = new Set(['ts', 'stages', 'timeseries']);

const ASLEEP = new Set(['light', 'deep', 'rem']);
const SOURCE = 'eight_sleep';

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The mean of a `timeseries` entry (`[["2024-03-08T08:20:30Z", 47], …]`), undefined when empty. */
function mean(series: unknown): number | undefined {
  if (!Array.isArray(series)) return undefined;
  const values = series
    .map((point) => (Array.isArray(point) ? num(point[1]) : undefined))
    .filter((v) => v !== undefined);
  if (!values.length) return undefined;
  return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
}

/** The last instant a timeseries names, for a session whose stages are missing. */
function lastPoint(series: Fields): number | undefined {
  const times = Object.values(series)
    .flatMap((s) => (Array.isArray(s) ? s : []))
    .map((point) => (Array.isArray(point) && typeof point[0] === 'string' ? Date.parse(point[0]) : NaN))
    .filter((t) => Number.isFinite(t));
  return times.length ? Math.max(...times) : undefined;
}

/**
 * One sleep session. It starts at `ts` (epoch seconds) and lasts through its last stage spent in bed
 * (a trailing "out" is time out of bed, not the night). Asleep time is light + deep + REM. Heart rate,
 * HRV and breathing are the session's means of its timeseries: the points themselves (one every few
 * minutes) are not kept. Eight Sleep gives no offset, so `tz` is the profile zone.
 *
 * Readings: the stages (one, the time asleep), and each timeseries (one, its mean); the other series
 * (tosses and turns, temperatures) and any other number the session carries are skipped.
 */
export function mapSession(session: Fields, zone: string): Mapped {
  const ts = num(session.ts);
  if (ts === undefined) return { problem: 'Sleep session has no "ts"' };
  const start = ts > 1e12 ? ts : ts * 1000;
  let elapsed = 0;
  let inBed = 0;
  let asleep = 0;
  const stages = Array.isArray(session.stages) ? (session.stages as Fields[]) : [];
  for (const stage of stages) {
    const seconds = num(stage?.duration) ?? 0;
    elapsed += seconds;
    if (stage?.stage !== 'out') inBed = elapsed;
    if (ASLEEP.has(String(stage?.stage))) asleep += seconds;
  }
  const series = (
    session.timeseries && typeof session.timeseries === 'object' ? session.timeseries : {}
  ) as Fields;
  const end = inBed > 0 ? start + inBed * 1000 : (lastPoint(series) ?? start);

  const samples: NewSample[] = [];
  const problems: string[] = [];
  const skipped: Skip[] = [];
  const base = { start, end, tz: zone, source: SOURCE, originId: String(ts) };
  if (asleep > 0) samples.push({ ...base, kind: 'sleep_duration', value: asleep / 60, unit: 'min' });
  else if (stages.length > 0) {
    skipped.push({ type: 'stages', reason: 'no time asleep: only awake or out of bed' });
  }
  for (const [key, { kind, unit }] of Object.entries(KEPT_SERIES)) {
    const points = series[key];
    if (!Array.isArray(points) || points.length === 0) continue;
    const value = mean(points);
    if (value === undefined) problems.push(`timeseries.${key} has no [time, number] points`);
    else samples.push({ ...base, kind, value, unit });
  }
  for (const [key, points] of Object.entries(series)) {
    if (Object.hasOwn(KEPT_SERIES, key) || !Array.isArray(points) || points.length === 0) continue;
    const reason = SKIPPED_SERIES[key] ?? 'Healthfolio does not read this Eight Sleep series yet';
    skipped.push({ type: `timeseries.${key}`, reason });
  }
  for (const [key, value] of Object.entries(session)) {
    if (SESSION_FIELDS.has(key) || num(value) === undefined) continue;
    skipped.push({ type: key, reason: 'Healthfolio does not read this Eight Sleep field yet' });
  }
  return { samples, problems, skipped };
}
