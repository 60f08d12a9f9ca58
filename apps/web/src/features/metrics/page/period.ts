import type { MetricAggregation, MetricBucket } from '@healthfolio/core';
import { bucketFor, type ChartRange } from '../chart/ranges';

const DAY_MS = 86_400_000;
const rangeDays: Record<Exclude<ChartRange, 'all'>, number> = { day: 1, week: 7, month: 30, year: 365 };

/** What the metric page shows: a named range ending now, or custom dates (local days, both included). */
export type PeriodChoice = { range: ChartRange } | { from: string; to: string };

/** The instants a query covers; `spanMs` is its length, by which a previous period is shifted. */
export interface Period {
  from: string;
  to?: string;
  spanMs: number | null;
  bucket: MetricBucket;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Custom dates as the person typed them: both valid days, the first not after the second. */
export function validCustom(from: string, to: string): boolean {
  return isoDate.test(from) && isoDate.test(to) && !Number.isNaN(Date.parse(from)) && from <= to;
}

/** Custom dates span these many days, both included. */
export const customDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The bucket of custom dates: as the named range of about that length would have it. */
function customRange(days: number): ChartRange {
  if (days <= 1) return 'day';
  if (days <= 31) return 'month';
  if (days <= 400) return 'year';
  return 'all';
}

/**
 * The query of a choice at `now`. Sum kinds (steps) are daily totals for a week, a month, a year; a
 * day is drawn in hours; All in months. Labs stay single results in every range.
 */
export function periodOf(
  choice: PeriodChoice,
  aggregation: MetricAggregation,
  category: string,
  now: number,
): Period {
  if ('from' in choice) {
    const days = customDays(choice.from, choice.to);
    const range = customRange(days);
    // A month of custom days is still drawn in days; longer spans keep days too, up to All.
    return {
      from: choice.from,
      to: choice.to,
      spanMs: days * DAY_MS,
      bucket: bucketFor(range, aggregation, category),
    };
  }
  const { range } = choice;
  const bucket = bucketFor(range, aggregation, category);
  if (range === 'all') return { from: '1970-01-01', spanMs: null, bucket };
  const days = rangeDays[range];
  const spanMs = days * DAY_MS;
  // Readings and hours: the last 24 hours, a week, … as instants. Days: whole local days, today the last.
  if (bucket === 'raw' || bucket === 'hour')
    return { from: new Date(now - spanMs).toISOString(), spanMs, bucket };
  return { from: localDate(now - (days - 1) * DAY_MS), spanMs, bucket };
}

/** The browser's local date of an instant: "2026-11-22". */
export function localDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The period just before, of the same length (for "compare with the previous period"). */
export function previousOf(period: Period): Period | undefined {
  if (period.spanMs === null) return undefined;
  if (isoDate.test(period.from)) {
    // Whole days: the same number of days, ending the day before this period's first.
    const start = dayStart(period.from);
    const days = Math.round(period.spanMs / DAY_MS);
    return {
      from: localDate(start - days * DAY_MS + DAY_MS / 2),
      to: localDate(start - DAY_MS / 2),
      spanMs: period.spanMs,
      bucket: period.bucket,
    };
  }
  const start = Date.parse(period.from);
  return {
    from: new Date(start - period.spanMs).toISOString(),
    to: new Date(start).toISOString(),
    spanMs: period.spanMs,
    bucket: period.bucket,
  };
}

/** Local midnight of a day in the browser's zone. */
function dayStart(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).getTime();
}

/** The trailing mean over the last `days` calendar days of each point (points at day starts, seconds). */
export function trailingMean(
  x: readonly number[],
  values: readonly (number | null)[],
  days = 7,
): (number | null)[] {
  const out: (number | null)[] = [];
  let lo = 0;
  let sum = 0;
  let n = 0;
  for (let i = 0; i < x.length; i++) {
    const v = values[i];
    if (v !== null && v !== undefined) {
      sum += v;
      n++;
    }
    while (x[lo]! <= x[i]! - days * 86_400) {
      const old = values[lo];
      if (old !== null && old !== undefined) {
        sum -= old;
        n--;
      }
      lo++;
    }
    out.push(n > 0 ? sum / n : null);
  }
  return out;
}
