import type { NewSample } from '@healthfolio/core';

export type Mapped = { samples: NewSample[] } | { problem: string };
type Fields = Record<string, unknown>;

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
 */
export function mapSession(session: Fields, zone: string): Mapped {
  const ts = num(session.ts);
  if (ts === undefined) return { problem: 'Sleep session has no "ts"' };
  const start = ts > 1e12 ? ts : ts * 1000;
  let elapsed = 0;
  let inBed = 0;
  let asleep = 0;
  for (const stage of Array.isArray(session.stages) ? (session.stages as Fields[]) : []) {
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
  const base = { start, end, tz: zone, source: SOURCE, originId: String(ts) };
  const add = (kind: string, value: number | undefined, unit: string) => {
    if (value !== undefined) samples.push({ ...base, kind, value, unit });
  };
  if (asleep > 0) add('sleep_duration', asleep / 60, 'min');
  add('heart_rate', mean(series.heartRate), '/min');
  add('heart_rate_variability', mean(series.hrv), 'ms');
  add('respiratory_rate', mean(series.respiratoryRate), '/min');
  return { samples };
}
