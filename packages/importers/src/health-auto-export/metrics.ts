/**
 * Which Health Auto Export metric names become which kinds. Names are the app's snake_case names of
 * Apple Health types ("Step Count" → `step_count`); names not listed here are counted and skipped.
 */
export const metricKinds: ReadonlyMap<string, string> = new Map([
  ['step_count', 'steps'],
  ['walking_running_distance', 'distance'],
  ['cycling_distance', 'distance'],
  ['heart_rate', 'heart_rate'],
  ['resting_heart_rate', 'resting_heart_rate'],
  ['heart_rate_variability', 'heart_rate_variability'],
  ['active_energy', 'active_calories_burned'],
  ['basal_energy_burned', 'basal_calories_burned'],
  ['apple_exercise_time', 'exercise_minutes'],
  ['mindful_minutes', 'mindful_minutes'],
  ['weight_body_mass', 'weight'],
  ['height', 'height'],
  ['body_fat_percentage', 'body_fat'],
  ['body_mass_index', 'bmi'],
  ['lean_body_mass', 'lean_mass'],
  ['blood_oxygen_saturation', 'oxygen_saturation'],
  ['respiratory_rate', 'respiratory_rate'],
  ['vo2_max', 'vo2_max'],
  ['blood_glucose', 'blood_glucose'],
  ['body_temperature', 'body_temperature'],
  ['dietary_energy', 'nutrition_calories'],
  ['protein', 'nutrition_protein'],
  ['carbohydrates', 'nutrition_carbs'],
  ['total_fat', 'nutrition_fat'],
  ['dietary_water', 'hydration'],
]);

/** Percentages Apple Health may hand over as a fraction (0.97 for 97 %). */
export const PERCENT_KINDS: ReadonlySet<string> = new Set(['body_fat', 'oxygen_saturation']);

/** Units the app writes as HealthKit spells them rather than as UCUM or our spellings do. */
const SPELLINGS: ReadonlyMap<string, string> = new Map([
  ['fl_oz_us', '[foz_us]'],
  ['fl_oz_imp', '[foz_br]'],
  ['cup_us', '[cup_us]'],
  ['degF', '[degF]'],
  ['degC', 'Cel'],
  ['Cal', 'kcal'],
]);

/** The unit a value is handed on in, from the unit the app wrote for `kind`. */
export function unitFor(kind: string, written: string | undefined): string | undefined {
  if (written === undefined || written.trim() === '') return undefined;
  // HealthKit counts BMI as a plain "count".
  if (kind === 'bmi' && written === 'count') return 'kg/m2';
  // HealthKit writes glucose's molar mass into the unit: "mmol<180.1558800000541>/L".
  if (written.startsWith('mmol<') && written.endsWith('>/L')) return 'mmol/L';
  return SPELLINGS.get(written) ?? written;
}
