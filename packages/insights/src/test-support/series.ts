import { getMetric } from '@healthfolio/core';
import type { DailySeries } from '../types';

/** The local day the tests call today: Tuesday 30 June 2026. */
export const TODAY = 20_634;

/**
 * A daily series of `days` days ending on `today`, one value a day from `fn(i, day)` (i = 0 is the
 * oldest); return null from `fn` to leave a day out.
 */
export function series(
  kind: string,
  days: number,
  fn: (i: number, day: number) => number | null,
  today = TODAY,
): DailySeries {
  const metric = getMetric(kind);
  const out: DailySeries & { days: number[]; values: number[] } = {
    metric: kind,
    unit: metric?.unit ?? '',
    aggregation: metric?.aggregation ?? 'avg',
    days: [],
    values: [],
  };
  for (let i = 0; i < days; i++) {
    const day = today - days + 1 + i;
    const value = fn(i, day);
    if (value === null) continue;
    out.days.push(day);
    out.values.push(value);
  }
  return out;
}

/** The series keyed by kind, as EngineInput wants them. */
export function seriesMap(...list: DailySeries[]): Map<string, DailySeries> {
  return new Map(list.map((item) => [item.metric, item]));
}
