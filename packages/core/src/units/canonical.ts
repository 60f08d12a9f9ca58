import { requireMetric } from './catalogue-units';
import { getConverter } from './convert';
import { normalizeUnit } from './normalize';
import { UnitError } from './unit-error';

/** A number in a UCUM unit. */
export interface Quantity {
  value: number;
  unit: string;
}

/**
 * `value` (in `unit`) expressed in the canonical unit of `kind` (an alias is accepted). A missing unit
 * means the value is already canonical. Custom metrics keep their own unit ("1" when none is given).
 * @throws UnitError for unknown kinds and units, incompatible units, coded kinds and non-finite values.
 */
export function toCanonical(kind: string, value: number, unit?: string): Quantity {
  const metric = requireMetric(kind);
  if (metric.valueType === 'coded') {
    throw new UnitError(`${metric.kind} holds coded values, not quantities with a unit`);
  }
  if (!Number.isFinite(value)) throw new UnitError(`Value ${value} is not a finite number`);
  const given = unit?.trim() ? unit : undefined;
  if (metric.unit === null) return { value, unit: given === undefined ? '1' : normalizeUnit(given) };
  if (given === undefined) return { value, unit: metric.unit };
  return { value: getConverter(given, metric.unit, metric.kind)(value), unit: metric.unit };
}
