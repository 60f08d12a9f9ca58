import {
  displayUnitFor,
  catalogueConverter,
  getMetric,
  unitLabel,
  type InsightSeries,
  type UnitSystem,
} from '@healthfolio/core';
import { pointFormatter } from '../metrics/chart/point-format';
import { formatNumber } from '../metrics/format';
import { kindLabel } from '../metrics/words';

/** An insight's series in the user's units, ready to draw and to read aloud. */
export interface DisplaySeries {
  label: string;
  points: { day: string; value: number }[];
  band?: { low: number | null; high: number | null; label: string };
  highlight: string[];
  /** A display value as people read it: "58 bpm", "7 h 32 min". */
  format: (value: number) => string;
  /** Just the number: "58". */
  formatNumber: (value: number) => string;
}

/** The series comes in the kind's canonical unit; it is shown like the Dashboard shows that kind. */
export function toDisplaySeries(series: InsightSeries, system: UnitSystem): DisplaySeries {
  const metric = getMetric(series.metric);
  const spec = metric?.unit ? displayUnitFor(metric.kind, system) : undefined;
  const convert =
    spec && metric?.unit ? catalogueConverter(metric.unit, spec.unitCode, metric.kind) : (v: number) => v;
  const precision = spec?.precision ?? 2;
  const durationUnit = metric?.valueType === 'duration' ? spec?.unitCode : undefined;
  const c = (v: number | null) => (v === null ? null : convert(v));
  return {
    label: kindLabel(series.metric),
    points: series.points
      .map((p) => ({ day: p.day, value: convert(p.value) }))
      .sort((a, b) => a.day.localeCompare(b.day)),
    ...(series.band
      ? { band: { low: c(series.band.low), high: c(series.band.high), label: series.band.label } }
      : {}),
    highlight: series.highlight ?? [],
    format: pointFormatter(spec?.unit ?? unitLabel(series.unit), precision, durationUnit),
    formatNumber: (v) => formatNumber(v, precision),
  };
}
