import type { MetricBucket } from '@healthfolio/core';
import { formatDuration, formatNumber } from '../format';

const minutesPer: Record<string, number> = { h: 60, min: 1, s: 1 / 60 };

/**
 * Formats a chart value already in display units: "80 kg", "8,000 steps"; durations (whose display
 * unit code is `durationUnit`) as "7 h 32 min".
 */
export function pointFormatter(
  unit: string,
  precision: number,
  durationUnit?: string,
): (v: number) => string {
  const factor = durationUnit === undefined ? undefined : minutesPer[durationUnit];
  if (factor !== undefined) return (v) => formatDuration(v * factor);
  return (v) => (unit ? `${formatNumber(v, precision)} ${unit}` : formatNumber(v, precision));
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const month = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' });

/** When a point was, as precisely as its bucket says: a reading's time, a day, a week, a month. */
export function pointDate(seconds: number, bucket: MetricBucket): string {
  const at = new Date(seconds * 1000);
  if (bucket === 'raw') return dateTime.format(at);
  if (bucket === 'hour') return `${dateTime.format(at)} (hour)`;
  if (bucket === 'week') return `Week of ${date.format(at)}`;
  if (bucket === 'month') return month.format(at);
  return date.format(at);
}
