import {
  displayUnitFor,
  catalogueConverter,
  getMetric,
  type BucketItem,
  type MetricsSeries,
  type SampleItem,
  type UnitSystem,
} from '@healthfolio/core';
import { i18n } from '../../../i18n';
import { sourceName } from '../overview/overview-text';
import { kindLabel, unitWord } from '../words';
import { pointFormatter } from './point-format';

/** Columns as uPlot wants them: x in seconds, one array per series, null for a gap. */
export interface ChartData {
  x: number[];
  series: { name: string; values: (number | null)[] }[];
  /** Raw points: the source (and device) of each reading, for the tooltip. */
  sources?: string[];
  /** Raw points: the flag each reading was stored with. */
  flags?: (string | null)[];
  /** Display unit label and precision. */
  unit: string;
  precision: number;
  /** Whether values are per-day means of weekly or monthly totals. */
  dailyMean: boolean;
  /** A value of this chart as people read it: "80 kg", "7 h 32 min". */
  format: (value: number) => string;
}

const DAY_MS = 86_400_000;

/** The value of a bucket: the day's total, mean or last reading, by the kind's aggregation. */
function bucketValue(item: BucketItem, aggregation: string, perDay: boolean, now: number): number | null {
  if (item.count === 0) return null;
  if (aggregation === 'sum') {
    if (!perDay) return item.sum;
    const end = Math.min(Date.parse(item.end), now);
    const days = Math.max(1, Math.round((end - Date.parse(item.start)) / DAY_MS));
    return item.sum / days;
  }
  return aggregation === 'last' ? item.last : item.avg;
}

/** A series converted to the user's units. One multiply-add a point: 100k points stay cheap. */
export function toChartData(series: MetricsSeries, system: UnitSystem, now = Date.now()): ChartData {
  const metric = getMetric(series.type);
  const spec = displayUnitFor(series.type, system);
  const convert =
    spec && metric?.unit ? catalogueConverter(metric.unit, spec.unitCode, metric.kind) : (v: number) => v;
  const c = (v: number | null | undefined) => (v === null || v === undefined ? null : convert(v));
  const pair = metric?.valueType === 'pair';
  const label = kindLabel(series.type);
  const names = pair ? [i18n.t('metrics:entry.systolic'), i18n.t('metrics:entry.diastolic')] : [label];
  const unit = unitWord(spec?.unit ?? series.unit);
  const precision = spec?.precision ?? 2;
  const durationUnit = metric?.valueType === 'duration' ? (spec?.unitCode ?? series.unit) : undefined;
  const base = { unit, precision, format: pointFormatter(unit, precision, durationUnit) };

  if (series.bucket === 'raw') {
    const items = [...series.items].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    return {
      ...base,
      dailyMean: false,
      x: items.map((i) => Date.parse(i.start) / 1000),
      series: pair
        ? [
            { name: names[0]!, values: items.map((i) => c(i.systolic ?? i.value)) },
            { name: names[1]!, values: items.map((i) => c(i.diastolic)) },
          ]
        : [{ name: names[0]!, values: items.map((i) => c(i.value)) }],
      sources: items.map(sourceOf),
      flags: items.map((i) => i.flag),
    };
  }
  const perDay = metric?.aggregation === 'sum' && (series.bucket === 'week' || series.bucket === 'month');
  const items = series.items.filter((i) => i.count > 0);
  const value = (i: BucketItem) => c(bucketValue(i, metric?.aggregation ?? 'avg', perDay, now));
  return {
    ...base,
    dailyMean: perDay,
    x: items.map((i) => Date.parse(i.start) / 1000),
    series: pair
      ? [
          { name: names[0]!, values: items.map(value) },
          { name: names[1]!, values: items.map((i) => c(i.diastolic?.avg)) },
        ]
      : [{ name: names[0]!, values: items.map(value) }],
  };
}

export function sourceOf(item: Pick<SampleItem, 'source' | 'device'>): string {
  return item.device ? `${sourceName(item.source)} (${item.device})` : sourceName(item.source);
}
