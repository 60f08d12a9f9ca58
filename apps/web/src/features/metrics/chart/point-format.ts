import type { MetricBucket } from '@healthfolio/core';
import { currentLocale, i18n } from '../../../i18n';
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

const formats = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  month: { month: 'short', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const cache = new Map<string, Intl.DateTimeFormat>();
/** A formatter of the current language, made once per language. */
function fmt(name: keyof typeof formats): Intl.DateTimeFormat {
  const key = `${currentLocale()}/${name}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(currentLocale(), formats[name])));
  return f;
}

/** When a point was, as precisely as its bucket says: a reading's time, a day, a week, a month. */
export function pointDate(seconds: number, bucket: MetricBucket): string {
  const at = new Date(seconds * 1000);
  if (bucket === 'raw') return fmt('dateTime').format(at);
  if (bucket === 'hour') return i18n.t('metrics:chart.hourOf', { time: fmt('dateTime').format(at) });
  if (bucket === 'week') return i18n.t('metrics:chart.weekOf', { day: fmt('date').format(at) });
  if (bucket === 'month') return fmt('month').format(at);
  return fmt('date').format(at);
}
