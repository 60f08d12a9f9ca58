import type { DisplayUnit, UnitSystem } from '../metrics/types';
import { catalogueConverter, requireMetric } from './catalogue-units';

const unitLabels: Record<string, string> = {
  '[lb_av]': 'lb',
  '[oz_av]': 'oz',
  '[in_i]': 'in',
  '[ft_i]': 'ft',
  '[mi_i]': 'mi',
  '[yd_i]': 'yd',
  '[foz_us]': 'fl oz',
  Cel: '°C',
  '[degF]': '°F',
  '/min': '/min',
  'mm[Hg]': 'mmHg',
  'kg/m2': 'kg/m²',
  'g/cm2': 'g/cm²',
  'kcal/d': 'kcal/day',
  a: 'years',
  '{count}': '',
  '{score}': '',
  '{ratio}': '',
  'ug/dL': 'µg/dL',
  'umol/L': 'µmol/L',
  'm[IU]/L': 'mIU/L',
  'mL/min/{1.73_m2}': 'mL/min/1.73m²',
};

/** A UCUM code as people read it: "[lb_av]" → "lb", "Cel" → "°C", "{count}" → "". */
export function unitLabel(code: string): string {
  return unitLabels[code] ?? code.replace(/\{[^}]*\}/g, '').replace(/[[\]]/g, '');
}

/** How a kind is shown in a unit system: the UCUM code, its human label and the decimals. */
export interface DisplaySpec {
  unitCode: string;
  unit: string;
  precision: number;
}

/** Axis and legend units for a kind; undefined for coded and custom kinds, which have none. */
export function displayUnitFor(kind: string, system: UnitSystem): DisplaySpec | undefined {
  const display: DisplayUnit | undefined = requireMetric(kind).display?.[system];
  if (!display) return undefined;
  return {
    unitCode: display.unit,
    unit: display.label ?? unitLabel(display.unit),
    precision: display.precision,
  };
}

export interface DisplayValue {
  value: number;
  /** Human label, e.g. "lb", "°F", "bpm"; empty for counts and scores. */
  unit: string;
  unitCode: string;
}

/**
 * A canonical value converted to the user's unit system and rounded to the kind's precision.
 * Kinds without a display (custom) come back unrounded in their stored unit.
 */
export function formatForDisplay(kind: string, canonicalValue: number, system: UnitSystem): DisplayValue {
  const metric = requireMetric(kind);
  const spec = displayUnitFor(metric.kind, system);
  if (!spec || metric.unit === null) {
    const unitCode = metric.unit ?? '';
    return { value: canonicalValue, unit: unitLabel(unitCode), unitCode };
  }
  const value = catalogueConverter(metric.unit, spec.unitCode, metric.kind)(canonicalValue);
  return { value: round(value, spec.precision), unit: spec.unit, unitCode: spec.unitCode };
}

/** Half away from zero at `digits` decimals; the epsilon nudge keeps 1.005 from rounding to 1.00. */
function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  const result = (Math.sign(value) * Math.round(Math.abs(value) * factor * (1 + Number.EPSILON))) / factor;
  return result === 0 ? 0 : result;
}
