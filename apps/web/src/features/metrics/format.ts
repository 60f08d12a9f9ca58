import { displayUnitFor, formatForDisplay, getMetric, type UnitSystem } from '@healthfolio/core';
import { currentLocale } from '../../i18n';
import { unitWord } from './words';

const formatters = new Map<string, Intl.NumberFormat>();

/** "8,000", "176.4" ("8.000", "176,4" in German): at most `precision` decimals, no trailing zeros. */
export function formatNumber(value: number, precision: number): string {
  const locale = currentLocale();
  let formatter = formatters.get(`${locale}/${precision}`);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: precision });
    formatters.set(`${locale}/${precision}`, formatter);
  }
  return formatter.format(value);
}

/** "7 h 32 min", "45 min", "2 h". */
export function formatDuration(minutes: number): string {
  const total = Math.round(Math.abs(minutes));
  const sign = minutes < 0 && total > 0 ? '−' : '';
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${sign}${m} min`;
  return m === 0 ? `${sign}${h} h` : `${sign}${h} h ${m} min`;
}

/** A canonical value's number in the user's units, without the unit. */
export function displayNumber(kind: string, canonical: number, system: UnitSystem): number {
  return formatForDisplay(kind, canonical, system).value;
}

/** Durations are shown as hours and minutes, whatever their stored unit. */
function asMinutes(kind: string, canonical: number): number | undefined {
  const metric = getMetric(kind);
  if (metric?.valueType !== 'duration') return undefined;
  if (metric.unit === 'h') return canonical * 60;
  if (metric.unit === 'min') return canonical;
  if (metric.unit === 's') return canonical / 60;
  return undefined;
}

/** A canonical value as people read it in their unit system: "80 kg", "176.4 lb", "7 h 32 min", "8,000 steps". */
export function formatValue(kind: string, canonical: number, system: UnitSystem): string {
  const minutes = asMinutes(kind, canonical);
  if (minutes !== undefined) return formatDuration(minutes);
  const spec = displayUnitFor(kind, system);
  const shown = formatForDisplay(kind, canonical, system);
  const text = formatNumber(shown.value, spec?.precision ?? 2);
  return shown.unit ? `${text} ${unitWord(shown.unit)}` : text;
}

/** Blood pressure as one reading: "120/80 mmHg". */
export function formatPair(kind: string, first: number, second: number, system: UnitSystem): string {
  const a = formatForDisplay(kind, first, system);
  const b = formatForDisplay(kind, second, system);
  return `${formatNumber(a.value, 0)}/${formatNumber(b.value, 0)} ${unitWord(a.unit)}`;
}

export interface Change {
  /** "+1.2 kg", "−7 min", "±0 kg". */
  text: string;
  /** As shown after rounding, so "±0 kg" is flat. */
  direction: 'up' | 'down' | 'flat';
}

/** A difference of two canonical values, converted as a difference (so °C → °F does not add 32). */
export function formatChange(kind: string, from: number, to: number, system: UnitSystem): Change {
  const minutes = asMinutes(kind, to - from);
  const spec = displayUnitFor(kind, system);
  const precision = minutes !== undefined ? 0 : (spec?.precision ?? 2);
  const raw = minutes ?? displayNumber(kind, to, system) - displayNumber(kind, from, system);
  const rounded = Number(raw.toFixed(precision));
  const direction = rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
  const sign = direction === 'up' ? '+' : direction === 'down' ? '−' : '±';
  if (minutes !== undefined) return { text: `${sign}${formatDuration(Math.abs(rounded))}`, direction };
  const unit = formatForDisplay(kind, to, system).unit;
  const text = `${sign}${formatNumber(Math.abs(rounded), precision)}`;
  return { text: unit ? `${text} ${unitWord(unit)}` : text, direction };
}
