import { formatForDisplay, getMetric, unitLabel, type UnitSystem } from '@healthfolio/core';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * "8,000", "76.4": at most `precision` decimals, no trailing zeros (as the web app shows numbers); in
 * another `locale` its own separators ("8.000", "76,4").
 */
export function formatNumber(value: number, precision = 1, locale = 'en-US'): string {
  const key = `${locale}:${precision}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: precision });
    formatters.set(key, formatter);
  }
  const text = formatter.format(value);
  return text === '-0' ? '0' : text.replace('-', '−');
}

/** "7 h 32 min", "45 min". */
function formatMinutes(minutes: number): string {
  const total = Math.round(Math.abs(minutes));
  const sign = minutes < 0 && total > 0 ? '−' : '';
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${sign}${m} min`;
  return m === 0 ? `${sign}${h} h` : `${sign}${h} h ${m} min`;
}

function minutesOf(kind: string, value: number): number | undefined {
  const metric = getMetric(kind);
  if (metric?.valueType !== 'duration') return undefined;
  if (metric.unit === 'h') return value * 60;
  if (metric.unit === 'min') return value;
  return undefined;
}

/**
 * A canonical value as people read it, in the person's units (metric unless told): "76.4 kg" or
 * "168.4 lb", "8,000 steps", "6 h 45 min", "62 bpm". Converted by core's `formatForDisplay`.
 */
export function formatValue(
  kind: string,
  value: number,
  system: UnitSystem = 'metric',
  locale = 'en-US',
): string {
  const minutes = minutesOf(kind, value);
  if (minutes !== undefined) return formatMinutes(minutes);
  const metric = getMetric(kind);
  if (!metric || metric.unit === null) return formatNumber(value, 2, locale);
  const shown = formatForDisplay(kind, value, system);
  const precision = metric.display?.[system].precision ?? 2;
  const text = formatNumber(shown.value, precision, locale);
  if (!shown.unit) return text;
  return shown.unit === '%' ? `${text} %` : `${text} ${shown.unit}`;
}

/** The size of a change without its sign: "6 bpm", "1.5 kg", "45 min", "1,200 steps". */
export function formatAmount(kind: string, delta: number, system: UnitSystem = 'metric'): string {
  return formatValue(kind, Math.abs(delta), system);
}

/** A rate of change with two significant digits and its unit: "0.17 bpm a day", "−0.35 kg a week". */
export function formatRate(kind: string, perDay: number, per: 'day' | 'week' = 'day'): string {
  const value = per === 'week' ? perDay * 7 : perDay;
  const unit = rateUnit(kind);
  const sign = value > 0 ? '+' : '';
  return `${sign}${formatNumber(value, decimalsFor(value))}${unit ? ` ${unit}` : ''} a ${per}`;
}

/** A rate's unit: the canonical one, since rates are in canonical units ("m", not the display "km"). */
export function rateUnit(kind: string): string {
  const metric = getMetric(kind);
  const display = metric?.display?.metric;
  if (!metric?.unit) return '';
  return display && display.unit === metric.unit
    ? (display.label ?? unitLabel(metric.unit))
    : unitLabel(metric.unit);
}

/** Decimals that show `value` to two significant digits. */
export function decimalsFor(value: number): number {
  return Number.isFinite(value) && value !== 0 ? Math.max(0, 1 - Math.floor(Math.log10(Math.abs(value)))) : 0;
}

/** A share as a percentage: "4.2 %". */
export function formatPercent(fraction: number, precision = 1, locale = 'en-US'): string {
  return `${formatNumber(fraction * 100, precision, locale)} %`;
}

/** A p-value as people write it: "p < 0.001", "p = 0.012". */
export function formatP(p: number, locale = 'en-US'): string {
  if (p < 0.001) return `p < ${formatNumber(0.001, 3, locale)}`;
  const text = p.toPrecision(2);
  return `p = ${locale === 'en-US' ? text : text.replace('.', formatNumber(1.5, 1, locale).charAt(1))}`;
}
