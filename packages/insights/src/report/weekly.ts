import type { UnitSystem } from '@healthfolio/core';
import type { DailySeries } from '../types';
import { isoDay, weekStart } from '../shared/days';
import { formatAmount, formatValue } from '../shared/format';
import { cleanPoints, slicePoints } from '../shared/points';
import { mean } from '../stats';
import { trendInWindow } from '../trend/detect';

export interface WeeklyMean {
  /** The Monday starting the week (local day). */
  week: number;
  mean: number;
  /** Days with data in the week. */
  days: number;
}

export interface PeriodSummary {
  metric: string;
  unit: string;
  /** Days with data in the period. */
  days: number;
  mean: number;
  min: number;
  max: number;
  weeks: WeeklyMean[];
  /** The trend over the period when it is clear and meaningful, by the insights' own test; else steady. */
  trend: { direction: 'up' | 'down' | 'steady'; change: number; p: number | null };
  /** The period in plain words. */
  sentence: string;
}

/**
 * The mean of each week (Monday to Sunday) of one daily series within local days `from`–`to`, its
 * range, and its trend by the insights' test (Mann–Kendall, p < 0.001, and a Theil–Sen change no smaller
 * than the kind's meaningful change). Undefined without data in the period.
 */
export function summarisePeriod(
  series: DailySeries | undefined,
  from: number,
  to: number,
  label: string,
  system: UnitSystem = 'metric',
): PeriodSummary | undefined {
  if (!series) return undefined;
  const points = slicePoints(cleanPoints(series), from, to);
  if (points.days.length === 0) return undefined;
  const byWeek = new Map<number, number[]>();
  points.days.forEach((day, i) => {
    const week = weekStart(day);
    let values = byWeek.get(week);
    if (!values) byWeek.set(week, (values = []));
    values.push(points.values[i]!);
  });
  const weeks = [...byWeek].map(([week, values]) => ({ week, mean: mean(values), days: values.length }));
  const values = [...points.values];
  const average = mean(values);
  const found = trendInWindow(series.metric, cleanPoints(series), to - from + 1, to);
  const trend = found
    ? { direction: found.direction, change: found.change, p: found.test.p }
    : { direction: 'steady' as const, change: 0, p: null };
  const unit = series.unit;
  const trendWords =
    trend.direction === 'steady'
      ? 'with no clear trend'
      : `${trend.direction === 'up' ? 'rising' : 'falling'} by about ${formatAmount(series.metric, Math.abs(trend.change), system)} over the period`;
  return {
    metric: series.metric,
    unit,
    days: points.days.length,
    mean: average,
    min: Math.min(...values),
    max: Math.max(...values),
    weeks,
    trend,
    sentence:
      `${label}: ${formatValue(series.metric, average, system)} on average over ${points.days.length} days from ${isoDay(points.days[0]!)} ` +
      `to ${isoDay(points.days[points.days.length - 1]!)}, ${trendWords}.`,
  };
}
