import { getConverter, getMetric } from '@healthfolio/core';

/** Units export.xml spells otherwise than the unit catalogue does. */
const SPELLINGS = new Map([
  ['degF', '[degF]'],
  ['degC', 'Cel'],
  // Apple's "Cal" is the food Calorie, a kilocalorie.
  ['Cal', 'kcal'],
  ['mL/min·kg', 'mL/kg/min'],
  // HKUnit's names for US and imperial volumes (water logged in ounces, cups, pints).
  ['fl_oz_us', '[foz_us]'],
  ['fl_oz_imp', '[foz_br]'],
  ['cup_us', '[cup_us]'],
  ['pt_us', '[pt_us]'],
  ['pt_imp', '[pt_br]'],
  // Walking speed, and the A-weighted sound pressure level of audio exposure.
  ['km/hr', 'km/h'],
  ['mi/hr', '[mi_i]/h'],
  ['dBASPL', 'dB[SPL]'],
  // Insulin's international units.
  ['IU', '[IU]'],
]);

/** The unit a record's value is handed on in, from the unit export.xml writes for it. */
export function unitFor(kind: string, written: string): string {
  // HealthKit writes glucose's molar mass into the unit: "mmol<180.1558800000541>/L".
  if (written.startsWith('mmol<') && written.endsWith('>/L')) return 'mmol/L';
  // HealthKit counts BMI as a plain "count".
  if (kind === 'bmi' && written === 'count') return 'kg/m2';
  return SPELLINGS.get(written) ?? written;
}

/** Why values in `unit` cannot be stored as `kind`; undefined when they can. */
export function unitProblem(kind: string, unit: string): string | undefined {
  const metric = getMetric(kind);
  if (!metric?.unit) return undefined;
  try {
    getConverter(unit, metric.unit, metric.kind);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
