import { normalizeUnit } from '@healthfolio/core';

/** Lab spellings the unit normalizer does not know, as UCUM (keys in lower case, spaces removed). */
const LAB_UNITS: Record<string, string> = {
  'thousand/ul': '10*3/uL',
  'thou/ul': '10*3/uL',
  'thou/mm3': '10*3/uL',
  'thou/cumm': '10*3/uL',
  'k/ul': '10*3/uL',
  'k/mm3': '10*3/uL',
  'k/cumm': '10*3/uL',
  'million/ul': '10*6/uL',
  'millions/ul': '10*6/uL',
  'mill/ul': '10*6/uL',
  'mil/ul': '10*6/uL',
  'million/mm3': '10*6/uL',
  'millions/mm3': '10*6/uL',
  'mill/mm3': '10*6/uL',
  'million/cumm': '10*6/uL',
  'millions/cumm': '10*6/uL',
  'mill/cumm': '10*6/uL',
  'm/ul': '10*6/uL',
  'm/mm3': '10*6/uL',
  'lakh/cumm': '10*5/uL',
  'lakhs/cumm': '10*5/uL',
  'lakh/ul': '10*5/uL',
  'lakhs/ul': '10*5/uL',
  'cells/ul': '{cells}/uL',
  'cells/mm3': '{cells}/uL',
  'cells/cumm': '{cells}/uL',
  '/cumm': '/uL',
  '/cmm': '/uL',
  '/mm3': '/uL',
  'mg/gcreat': 'mg/g',
  'mg/gcrea': 'mg/g',
  'mg/mmolcreat': 'mg/mmol',
  'ml/min/1.73': 'mL/min/{1.73_m2}',
  'ml/min/1.73m^2': 'mL/min/{1.73_m2}',
  'ml/min/1.73sq.m': 'mL/min/{1.73_m2}',
  'ml/min/1.73m2bsa': 'mL/min/{1.73_m2}',
  'ml/min/bsa': 'mL/min/{1.73_m2}',
  'mm/hr': 'mm/h',
  'mm/1sthr': 'mm/h',
  'mm/1hr': 'mm/h',
  'mval/l': 'meq/L',
  'mequiv/l': 'meq/L',
  'iu/ml': '[IU]/mL',
  // French labs: "UI" for the international unit.
  'ui/l': '[IU]/L',
  'ui/ml': '[IU]/mL',
  'mui/l': 'm[IU]/L',
  'mui/ml': 'm[IU]/mL',
  'uui/ml': 'u[IU]/mL',
  'µiu/ml': 'u[IU]/mL',
  'µu/ml': 'uU/mL',
  'in³': '[cin_i]',
  in3: '[cin_i]',
  ratio: '{ratio}',
  calc: '{ratio}',
  index: '{index}',
};

/**
 * German and French labs write giga and tera per litre as "G/l" and "T/L" (10^9/L, 10^12/L); "g/l" is
 * grams. A report in capitals would print grams "G/L" too, but no lab reports grams per litre in capitals.
 */
const CASED_UNITS: Record<string, string> = {
  'G/l': '10*9/L',
  'T/l': '10*12/L',
  'G/L': '10*9/L',
  'T/L': '10*12/L',
  'Gpt/l': '10*9/L',
  'Tpt/l': '10*12/L',
};

const SUPERSCRIPTS: Record<string, string> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
};

/** The volumes counts are given per: µL (a mm³ or "cumm" is one), L, nL, pL. */
const PER_VOLUME: Record<string, string> = {
  ul: 'uL',
  mm3: 'uL',
  cumm: 'uL',
  cmm: 'uL',
  l: 'L',
  nl: 'nL',
  pl: 'pL',
};

/**
 * A count per volume written with a power of ten, as UCUM: "x10^3/uL", "x10E3/uL", "10*3/uL", "10^3/µL",
 * "10³/µL", "x 10^9/L", "10^9/L", "10E12/L", "x10(9)/L", "10^3 cells/uL" → "10*3/uL", "10*9/L", …
 * (the unit normalizer would read "10^3/uL" as "103/uL").
 */
function powerOfTen(key: string): string | undefined {
  const m = /^(?:x|×|\*)?10(?:\^|\*|e|x)?\(?(\d{1,2})\)?(?:cells)?\/(ul|mm3|cumm|cmm|l|nl|pl)$/.exec(key);
  if (!m) return undefined;
  return `10*${Number(m[1])}/${PER_VOLUME[m[2]!]}`;
}

/** The UCUM code of a unit as a lab prints it; undefined when we cannot read it. */
export function labUnit(printed: string): string | undefined {
  const trimmed = printed.trim();
  if (CASED_UNITS[trimmed]) return CASED_UNITS[trimmed];
  const key = trimmed
    // A raised power of ten ("10³/µL") is an exponent; any other raised digit ("mm³") is just a digit.
    .replace(/(?<=10)[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, (digits) => `^${[...digits].map((d) => SUPERSCRIPTS[d]).join('')}`)
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]/g, (digit) => SUPERSCRIPTS[digit]!)
    .replace(/[µμ]/g, 'u')
    .replace(/\s+/g, '')
    .toLowerCase()
    // "mL/min/1,73 m²": a decimal comma in the body-surface norm.
    .replace(/1,73/, '1.73')
    .replace(/m\^2$/, 'm2');
  const known = LAB_UNITS[key] ?? LAB_UNITS[key.replace(/^u/, 'µ')] ?? powerOfTen(key);
  if (known) return known;
  try {
    return normalizeUnit(key.includes('1.73') ? key : trimmed);
  } catch {
    return undefined;
  }
}
