import { getMetric, resolveMetricKind } from '../metrics/catalogue';
import type { MetricDefinition } from '../metrics/types';
import { CATALOGUE_CONVERSIONS } from './catalogue-conversions';
import { linearConverter, type Converter } from './linear';
import { UnitError } from './unit-error';

/**
 * Conversions between a kind's canonical unit and the units it is shown and entered in, without UCUM: the
 * web converts every value it shows, and UCUM's tables alone weighed 61 KB gzip of the Dashboard's
 * JavaScript. The numbers are UCUM's, kept in `catalogue-conversions.ts`; its test recomputes them through
 * getConverter and fails when the catalogue or UCUM changes them (then `UPDATE_CONVERSIONS=1` rewrites it).
 * Anything else — a lab's own unit, an import's spelling — goes through getConverter on the server.
 */

/** The catalogue entry for a kind or alias. @throws UnitError for unknown kinds. */
export function requireMetric(kind: string): MetricDefinition {
  const metric = getMetric(kind) ?? getMetric(resolveMetricKind(kind) ?? '');
  if (!metric) throw new UnitError(`Unknown metric kind "${kind}"`);
  return metric;
}

/** The units a kind is shown or typed in besides its canonical one: both display units, and the others it names. */
export function catalogueUnits(metric: MetricDefinition): string[] {
  if (!metric.unit) return [];
  const units = new Set<string>([
    metric.display?.metric.unit ?? metric.unit,
    metric.display?.imperial.unit ?? metric.unit,
    ...(metric.specialConversions ?? []).flatMap((c) => [c.from, c.to]),
    ...(metric.unitEquivalents ?? []),
    ...(metric.molarMass !== undefined ? ['mmol/L'] : []),
  ]);
  units.delete(metric.unit);
  return [...units].sort();
}

/**
 * A function converting numbers of `kind` from one of its catalogue units to another (canonical ↔ display,
 * entry or special unit), as getConverter would. @throws UnitError for any other pair.
 */
export function catalogueConverter(fromUnit: string, toUnit: string, kind: string): Converter {
  if (fromUnit === toUnit) return linearConverter({ factor: 1, offset: 0 });
  const linear = CATALOGUE_CONVERSIONS[kind]?.[fromUnit]?.[toUnit];
  if (!linear) throw new UnitError(`Unit "${fromUnit}" cannot be converted to ${toUnit} for ${kind} here`);
  return linearConverter({ factor: linear[0], offset: linear[1] });
}
