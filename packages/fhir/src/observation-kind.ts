import {
  findMetricByLoinc,
  getConverter,
  getMetric,
  normalizeUnit,
  resolveMetricKind,
  type MetricDefinition,
} from '@healthfolio/core';
import { codings, conceptName, str } from './coded';

/**
 * The catalogue metric a numeric result is stored under: by LOINC, or by name when the result has no
 * LOINC code at all (an unknown LOINC is a specific test the catalogue lacks, so its name is not
 * trusted to mean a catalogue kind: urine glucose is not blood glucose). Only numeric kinds, and only
 * when the result's unit converts to the kind's.
 */
export function catalogueMetric(
  code: unknown,
  loinc: string | undefined,
  unit: string | undefined,
): MetricDefinition | undefined {
  const metric = loinc !== undefined ? findMetricByLoinc(loinc) : byName(code);
  if (!metric || (metric.valueType !== 'quantity' && metric.valueType !== 'duration')) return undefined;
  if (metric.unit === null || unit === undefined) return metric;
  try {
    getConverter(unit, metric.unit, metric.kind);
    return metric;
  } catch {
    return undefined;
  }
}

function byName(code: unknown): MetricDefinition | undefined {
  const names = [conceptName(code), ...codings(code).map((c) => str(c.display))];
  for (const name of names) {
    const kind = name === undefined ? undefined : resolveMetricKind(name);
    if (kind !== undefined && kind !== 'custom') return getMetric(kind);
  }
  return undefined;
}

/** Whether the store can read this unit (custom samples keep their unit as given). */
export function isKnownUnit(unit: string): boolean {
  try {
    normalizeUnit(unit);
    return true;
  } catch {
    return false;
  }
}
