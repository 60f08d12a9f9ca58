import { getMetric, type MetricsSummary, type UnitSystem } from '@healthfolio/core';
import { formatNumber, formatPair, formatValue } from './format';
import { sourceName } from './overview/overview-text';

type Item = MetricsSummary['items'][number];

/** The card's big number: "80 kg", "120/80 mmHg", "7 h 32 min". */
export function latestText(item: Item, system: UnitSystem): string {
  const { latest } = item;
  if (item.valueType === 'pair' && latest.diastolic !== undefined) {
    return formatPair(item.type, latest.systolic ?? latest.value, latest.diastolic, system);
  }
  return formatValue(item.type, latest.value, system);
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The local date of a summary instant ("2026-11-22T00:00:00.000+01:00" → "2026-11-22"). */
export const isoDateOf = (instant: string): string => instant.slice(0, 10);

/** "Nov 22, 2026, 9:30 AM · Entered by you"; a day's merged total says which day and "all sources". */
export function latestWhen(item: Item): string {
  const { latest } = item;
  if (latest.source === '*') {
    const [y, m, d] = isoDateOf(latest.start).split('-').map(Number);
    return `Total for ${date.format(new Date(y!, m! - 1, d!))} · all sources`;
  }
  const source = latest.device
    ? `${sourceName(latest.source)} (${latest.device})`
    : sourceName(latest.source);
  return `${dateTime.format(new Date(latest.start))} · ${source}`;
}

/** A lab's general reference interval in the user's units: "Reference below 100 mg/dL". */
export function referenceText(kind: string, system: UnitSystem): string | undefined {
  const metric = getMetric(kind);
  const range = metric?.referenceRange;
  if (!range || metric.category !== 'labs') return undefined;
  const show = (v: number) => formatValue(kind, v, system);
  const number = (v: number) => formatValue(kind, v, system).split(' ')[0] ?? formatNumber(v, 2);
  if (range.low !== undefined && range.high !== undefined)
    return `Reference ${number(range.low)}–${show(range.high)}`;
  if (range.high !== undefined)
    return `Reference ${range.highExclusive ? 'below' : 'up to'} ${show(range.high)}`;
  return range.low !== undefined ? `Reference ${show(range.low)} or more` : undefined;
}
