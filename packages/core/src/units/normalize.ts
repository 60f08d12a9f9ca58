import { ucum } from './ucum';
import { UnitError } from './unit-error';

const spellings: Record<string, readonly string[]> = {
  kg: ['kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms'],
  g: ['g', 'gm', 'gms', 'gram', 'grams'],
  mg: ['mg', 'milligram', 'milligrams'],
  ug: ['ug', 'mcg', 'microgram', 'micrograms'],
  '[lb_av]': ['lb', 'lbs', 'pound', 'pounds', '[lb_av]', 'lb_av'],
  '[oz_av]': ['oz', 'ounce', 'ounces', '[oz_av]'],
  '[stone_av]': ['st', 'stone', 'stones', '[stone_av]'],
  m: ['m', 'meter', 'meters', 'metre', 'metres'],
  km: ['km', 'kms', 'kilometer', 'kilometers', 'kilometre', 'kilometres'],
  cm: ['cm', 'centimeter', 'centimeters', 'centimetre', 'centimetres'],
  mm: ['mm', 'millimeter', 'millimeters', 'millimetre', 'millimetres'],
  '[mi_i]': ['mi', 'mile', 'miles', '[mi_i]'],
  '[ft_i]': ['ft', 'feet', 'foot', '[ft_i]'],
  '[in_i]': ['in', 'inch', 'inches', '[in_i]'],
  '[yd_i]': ['yd', 'yds', 'yard', 'yards', '[yd_i]'],
  mL: ['ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres', 'cc'],
  L: ['l', 'liter', 'liters', 'litre', 'litres'],
  dL: ['dl', 'deciliter', 'decilitre'],
  '[foz_us]': ['floz', 'fl.oz', 'fl.oz.', 'fl_oz', 'fluidounce', 'fluidounces', '[foz_us]'],
  '[cup_us]': ['cup', 'cups', '[cup_us]'],
  Cel: ['c', '°c', 'ºc', '℃', 'degc', 'deg_c', 'cel', 'celsius', 'degreescelsius', 'degreec'],
  '[degF]': ['f', '°f', 'ºf', '℉', 'degf', 'deg_f', '[degf]', 'fahrenheit', 'degreesfahrenheit', 'degreef'],
  // Health apps mean food Calories by "cal"; a small-calorie reading would be off by 1000 and pass for plausible.
  kcal: ['kcal', 'kcals', 'cal', 'cals', 'calorie', 'calories', 'kilocalorie', 'kilocalories', '[cal]'],
  kJ: ['kj', 'kilojoule', 'kilojoules'],
  'kcal/d': ['kcal/d', 'kcal/day', 'cal/day', 'calories/day'],
  '/min': [
    '/min',
    '1/min',
    'bpm',
    'beats/min',
    'beat/min',
    '{beats}/min',
    'beatsperminute',
    'count/min',
    'breaths/min',
    '{breaths}/min',
    'brpm',
    'breathsperminute',
  ],
  ms: ['ms', 'msec', 'millisecond', 'milliseconds'],
  s: ['s', 'sec', 'secs', 'second', 'seconds'],
  min: ['min', 'mins', 'minute', 'minutes'],
  h: ['h', 'hr', 'hrs', 'hour', 'hours'],
  d: ['d', 'day', 'days'],
  a: ['a', 'y', 'yr', 'yrs', 'year', 'years'],
  '{count}': ['count', 'counts', '{count}', 'steps', 'step', '{steps}', 'reps', '{reps}'],
  '%': ['%', 'percent', 'pct'],
  '{ratio}': ['ratio', '{ratio}'],
  '{score}': ['score', '{score}', 'points'],
  'mm[Hg]': ['mmhg', 'mm[hg]', 'mmofhg'],
  'mg/dL': ['mg/dl'],
  'g/dL': ['g/dl'],
  'ug/dL': ['ug/dl', 'mcg/dl'],
  'ng/dL': ['ng/dl'],
  'mg/L': ['mg/l'],
  'g/L': ['g/l'],
  'ug/L': ['ug/l', 'mcg/l'],
  'ng/mL': ['ng/ml'],
  'pg/mL': ['pg/ml'],
  'mmol/L': ['mmol/l'],
  'umol/L': ['umol/l'],
  'nmol/L': ['nmol/l'],
  'pmol/L': ['pmol/l'],
  'meq/L': ['meq/l'],
  'mmol/mol': ['mmol/mol'],
  'mg/g': ['mg/g', 'mg/gcreat', 'mg/g{creat}'],
  'mg/mmol': ['mg/mmol', 'mg/mmolcreat', 'mg/mmol{creat}'],
  'U/L': ['u/l'],
  '[IU]/L': ['iu/l', '[iu]/l'],
  'm[IU]/L': ['miu/l', 'm[iu]/l'],
  'u[IU]/mL': ['uiu/ml', 'u[iu]/ml'],
  'm[IU]/mL': ['miu/ml', 'm[iu]/ml'],
  'mU/L': ['mu/l'],
  'uU/mL': ['uu/ml'],
  'mL/min/{1.73_m2}': [
    'ml/min/1.73m2',
    'ml/min/{1.73_m2}',
    'ml/min/1.73_m2',
    'ml/min/1.73sqm',
    'ml/min/1.73msq',
  ],
  'mL/kg/min': [
    'ml/kg/min',
    'ml/(kg.min)',
    'ml/min/kg',
    'ml/kg.min',
    'ml/(kg*min)',
    'ml/min.kg',
    'ml/(min.kg)',
  ],
  'kg/m2': ['kg/m2'],
  'g/cm2': ['g/cm2'],
};

const bySpelling = new Map<string, string>(
  Object.entries(spellings).flatMap(([code, names]) => names.map((name): [string, string] => [name, code])),
);

/** Undo typography that UCUM does not accept: micro signs, superscripts, middle dots, spaces. */
function clean(input: string): string {
  return (
    input
      .trim()
      .replace(/[µμ]/g, 'u')
      .replace(/²/g, '2')
      .replace(/³/g, '3')
      .replace(/[·×]/g, '.')
      // A power of ten is UCUM's 10*3 ("10^3/uL" is not 103/uL); other carets are exponents (m^2 → m2).
      .replace(/10\^/g, '10*')
      .replace(/\^/g, '')
      .replace(/\s+/g, '')
  );
}

const normalized = new Map<string, string | undefined>();
const MAX_CACHED = 10_000;

/**
 * The UCUM code for a unit as people and exports spell it ("lbs" → "[lb_av]", "°F" → "[degF]",
 * "bpm" → "/min", "mg/dl" → "mg/dL"); a valid UCUM code passes through unchanged.
 * @throws UnitError `Unknown unit "furlongs"` when neither the spellings nor UCUM know it.
 */
export function normalizeUnit(input: string): string {
  let code = normalized.get(input);
  if (!normalized.has(input)) {
    const cleaned = clean(input);
    // Spellings first: "C", "F", "ft" and "st" are valid UCUM (coulomb, farad, femtotonne, stere) but never meant so here.
    code = bySpelling.get(cleaned.toLowerCase()) ?? validUcum(cleaned);
    if (normalized.size >= MAX_CACHED) normalized.clear();
    normalized.set(input, code);
  }
  if (code === undefined) throw new UnitError(`Unknown unit "${input}"`);
  return code;
}

function validUcum(code: string): string | undefined {
  if (code === '') return undefined;
  const result = ucum().validateUnitString(code);
  return result.status === 'valid' && result.ucumCode !== null ? result.ucumCode : undefined;
}

/** Whether `code` is a valid UCUM expression as written (no spelling help). */
export function isValidUcum(code: string): boolean {
  return validUcum(code) === code;
}
