import { zoneOffsetAt, type NewSample } from '@healthfolio/core';
import type { RawPage } from '../types';
import type { EightSleepInterval } from './client';

const SOURCE = 'eight_sleep';
const ASLEEP = new Set(['light', 'deep', 'rem']);

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The mean of a timeseries (`[["2024-03-08T08:20:30.000Z", 47], …]`), to one decimal. */
function mean(series: unknown): number | undefined {
  if (!Array.isArray(series)) return undefined;
  const values = series
    .map((point) => (Array.isArray(point) && finite(point[1]) ? point[1] : undefined))
    .filter((v) => v !== undefined);
  if (!values.length) return undefined;
  return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
}

/** The last instant any timeseries names, for a session without stages. */
function lastPoint(series: Record<string, unknown>): number | undefined {
  const times = Object.values(series)
    .flatMap((s) => (Array.isArray(s) ? s : []))
    .map((point) => (Array.isArray(point) && typeof point[0] === 'string' ? Date.parse(point[0]) : NaN))
    .filter((t) => Number.isFinite(t));
  return times.length ? Math.max(...times) : undefined;
}

function zoneOf(zone: string | undefined, fallback: string, at: number): string {
  if (!zone) return fallback;
  try {
    zoneOffsetAt(zone, at);
    return zone;
  } catch {
    return fallback;
  }
}

/**
 * Eight Sleep → canonical samples, the same way the `eight-sleep` importer maps the export's
 * sessions, so a night imported from the export and synced from the API is one row: it starts at `ts`
 * and lasts through its last stage in bed (a trailing "out" is not the night); asleep = light + deep +
 * REM; heart rate, HRV and breathing are the session's means of its timeseries; `originId` is `ts` in
 * epoch seconds. A session still being recorded (`incomplete`) is left for the next sync.
 */
export function normalize(
  page: Pick<RawPage, 'resource' | 'payload'>,
  context: { timeZone: string },
): NewSample[] {
  if (page.resource !== 'intervals') return [];
  const intervals = (page.payload as { intervals?: unknown }).intervals;
  const out: NewSample[] = [];
  for (const session of Array.isArray(intervals) ? (intervals as EightSleepInterval[]) : []) {
    if (!session || session.incomplete) continue;
    const start = Date.parse(session.ts ?? '');
    if (!Number.isFinite(start)) continue;
    let elapsed = 0;
    let inBed = 0;
    let asleep = 0;
    for (const stage of Array.isArray(session.stages) ? session.stages : []) {
      const seconds = finite(stage?.duration) ? stage.duration : 0;
      elapsed += seconds;
      if (stage?.stage !== 'out') inBed = elapsed;
      if (ASLEEP.has(String(stage?.stage))) asleep += seconds;
    }
    const series = (
      session.timeseries && typeof session.timeseries === 'object' ? session.timeseries : {}
    ) as Record<string, unknown>;
    const end = inBed > 0 ? start + inBed * 1000 : (lastPoint(series) ?? start);
    const base = {
      start,
      end,
      tz: zoneOf(session.timezone, context.timeZone, start),
      source: SOURCE,
      originId: String(Math.floor(start / 1000)),
    };
    const add = (kind: string, value: number | undefined, unit: string) => {
      if (value !== undefined) out.push({ ...base, kind, value, unit });
    };
    if (asleep > 0) add('sleep_duration', asleep / 60, 'min');
    add('heart_rate', mean(series.heartRate), '/min');
    add('heart_rate_variability', mean(series.hrv), 'ms');
    add('respiratory_rate', mean(series.respiratoryRate), '/min');
  }
  return out;
}
