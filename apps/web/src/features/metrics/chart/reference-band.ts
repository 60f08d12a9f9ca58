import {
  displayUnitFor,
  catalogueConverter,
  getMetric,
  type MetricsSeries,
  type UnitSystem,
} from '@healthfolio/core';

/** A reference interval in display units; either bound may be open. */
export interface Band {
  low?: number;
  high?: number;
}

/**
 * The band a lab is drawn with: the range the lab printed with its latest result, else the
 * catalogue's general one. Only labs get a band; vitals' ranges are a guide, not a result's range.
 */
export function referenceBand(series: MetricsSeries, system: UnitSystem): Band | undefined {
  const metric = getMetric(series.type);
  if (!metric?.unit || metric.category !== 'labs') return undefined;
  let range: Band | undefined = metric.referenceRange;
  if (series.bucket === 'raw') {
    const printed = [...series.items].reverse().find((i) => i.referenceRange)?.referenceRange;
    if (printed && (printed.low !== undefined || printed.high !== undefined)) range = printed;
  }
  if (!range || (range.low === undefined && range.high === undefined)) return undefined;
  const spec = displayUnitFor(metric.kind, system);
  const convert = spec ? catalogueConverter(metric.unit, spec.unitCode, metric.kind) : (v: number) => v;
  return {
    ...(range.low !== undefined ? { low: convert(range.low) } : {}),
    ...(range.high !== undefined ? { high: convert(range.high) } : {}),
  };
}

/** Whether a display value lies outside the band. */
export function outsideBand(band: Band | undefined, value: number | null | undefined): boolean {
  if (!band || value === null || value === undefined) return false;
  return (band.low !== undefined && value < band.low) || (band.high !== undefined && value > band.high);
}
