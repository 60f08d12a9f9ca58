import type { InsightSeries } from '@healthfolio/core';
import type { DailySeries } from '../types';
import { isoDay } from './days';
import { kindProfile } from './kinds';

/** A series' usable days and values, oldest first. */
export interface Points {
  days: number[];
  values: number[];
}

/** Charts get at most this many points a series. */
export const MAX_CHART_POINTS = 120;

/**
 * The finite values of a series in day order, one per day (the later wins), without zero totals for
 * kinds where zero means the device was not worn. Never throws on odd input.
 */
export function cleanPoints(series: DailySeries | undefined): Points {
  if (!series) return { days: [], values: [] };
  const skipZero = kindProfile(series.metric).zeroIsMissing;
  const pairs: [number, number][] = [];
  const n = Math.min(series.days.length, series.values.length);
  for (let i = 0; i < n; i++) {
    const day = series.days[i]!;
    const value = series.values[i]!;
    if (!Number.isInteger(day) || !Number.isFinite(value)) continue;
    if (skipZero && value === 0) continue;
    pairs.push([day, value]);
  }
  let sorted = true;
  for (let i = 1; i < pairs.length; i++) if (pairs[i]![0] < pairs[i - 1]![0]) sorted = false;
  if (!sorted) pairs.sort((a, b) => a[0] - b[0]);
  const days: number[] = [];
  const values: number[] = [];
  for (const [day, value] of pairs) {
    if (days.length > 0 && days[days.length - 1] === day) values[values.length - 1] = value;
    else {
      days.push(day);
      values.push(value);
    }
  }
  return { days, values };
}

/** The points with from ≤ day ≤ to, by binary search (series are long, windows short). */
export function slicePoints(points: Points, from: number, to: number): Points {
  const start = lowerBound(points.days, from);
  const end = lowerBound(points.days, to + 1);
  return { days: points.days.slice(start, end), values: points.values.slice(start, end) };
}

function lowerBound(days: readonly number[], day: number): number {
  let low = 0;
  let high = days.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (days[mid]! < day) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The value on one day, or undefined. */
export function valueOn(points: Points, day: number): number | undefined {
  const i = lowerBound(points.days, day);
  return points.days[i] === day ? points.values[i] : undefined;
}

/** A chart series of the points, thinned evenly (keeping the newest) to MAX_CHART_POINTS. */
export function chartSeries(
  metric: string,
  unit: string,
  points: Points,
  extra: Pick<InsightSeries, 'band' | 'highlight'> = {},
): InsightSeries {
  const n = points.days.length;
  const indexes =
    n <= MAX_CHART_POINTS
      ? points.days.map((_, i) => i)
      : Array.from({ length: MAX_CHART_POINTS }, (_, k) =>
          Math.round(n - 1 - ((MAX_CHART_POINTS - 1 - k) * (n - 1)) / (MAX_CHART_POINTS - 1)),
        );
  return {
    metric,
    unit,
    points: indexes.map((i) => ({ day: isoDay(points.days[i]!), value: round(points.values[i]!) })),
    ...extra,
  };
}

/** Six significant digits: enough for a chart, and no 0.30000000000000004 in the payload. */
export function round(value: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(6)) : 0;
}
