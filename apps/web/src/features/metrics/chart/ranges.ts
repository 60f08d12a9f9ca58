import type { MetricAggregation, MetricBucket } from '@healthfolio/core';

export const chartRanges = ['day', 'week', 'month', 'year', 'all'] as const;
export type ChartRange = (typeof chartRanges)[number];

const DAY_MS = 86_400_000;
const rangeDays: Record<Exclude<ChartRange, 'all'>, number> = { day: 1, week: 7, month: 30, year: 365 };

export function isChartRange(value: string | null): value is ChartRange {
  return value !== null && (chartRanges as readonly string[]).includes(value);
}

/**
 * The bucket a range is drawn with. A day of a sum kind (steps) is drawn in merged hours, since raw
 * samples of two overlapping sources would count twice; other kinds show each reading with its source.
 * Labs are few and each result carries the range its lab printed, so they are drawn raw in every range:
 * each result its own point, with its flag, against the lab's own reference band.
 */
export function bucketFor(
  range: ChartRange,
  aggregation: MetricAggregation,
  category?: string,
): MetricBucket {
  if (category === 'labs') return 'raw';
  if (range === 'day') return aggregation === 'sum' ? 'hour' : 'raw';
  if (range === 'all') return 'month';
  return 'day';
}

/** The start of a range: an instant `days` before now, or for All the first day anyone has data. */
export function rangeStart(range: ChartRange, now: number): string {
  if (range === 'all') return '1970-01-01';
  return new Date(now - rangeDays[range] * DAY_MS).toISOString();
}

/** The range a metric opens with: a day of frequent readings, a month of daily ones, all of rare ones. */
export function defaultRange(category: string, count: number): ChartRange {
  if (category === 'labs') return 'all';
  return count > 2000 ? 'week' : 'month';
}
