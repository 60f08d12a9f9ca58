import { getMetric, type MetricsSummary, type UnitSystem } from '@healthfolio/core';
import { currentLocale, i18n } from '../../i18n';
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

const dateTime = () => new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
const date = () => new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' });

/** The local date of a summary instant ("2026-11-22T00:00:00.000+01:00" → "2026-11-22"). */
export const isoDateOf = (instant: string): string => instant.slice(0, 10);

/** "Nov 22, 2026, 9:30 AM · Entered by you"; a day's merged total says which day and "all sources". */
export function latestWhen(item: Item): string {
  const { latest } = item;
  if (latest.source === '*') {
    const [y, m, d] = isoDateOf(latest.start).split('-').map(Number);
    return i18n.t('metrics:latest.total', { day: date().format(new Date(y!, m! - 1, d!)) });
  }
  const source = latest.device
    ? `${sourceName(latest.source)} (${latest.device})`
    : sourceName(latest.source);
  return `${dateTime().format(new Date(latest.start))} · ${source}`;
}

/** A lab's general reference interval in the user's units: "Reference below 100 mg/dL". */
export function referenceText(kind: string, system: UnitSystem): string | undefined {
  const metric = getMetric(kind);
  const range = metric?.referenceRange;
  if (!range || metric.category !== 'labs') return undefined;
  const show = (v: number) => formatValue(kind, v, system);
  const number = (v: number) => formatValue(kind, v, system).split(' ')[0] ?? formatNumber(v, 2);
  if (range.low !== undefined && range.high !== undefined)
    return i18n.t('metrics:reference.between', { low: number(range.low), high: show(range.high) });
  if (range.high !== undefined)
    return i18n.t(range.highExclusive ? 'metrics:reference.below' : 'metrics:reference.upTo', {
      high: show(range.high),
    });
  return range.low !== undefined ? i18n.t('metrics:reference.atLeast', { low: show(range.low) }) : undefined;
}
