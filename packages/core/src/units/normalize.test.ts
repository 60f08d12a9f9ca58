import { describe, expect, it } from 'vitest';
import { isValidUcum, normalizeUnit } from './normalize';
import { UnitError } from './unit-error';

describe('normalizeUnit', () => {
  it.each([
    ['kg', 'kg'],
    ['kgs', 'kg'],
    ['lb', '[lb_av]'],
    ['lbs', '[lb_av]'],
    ['Pounds', '[lb_av]'],
    ['°F', '[degF]'],
    ['F', '[degF]'],
    ['degF', '[degF]'],
    ['°C', 'Cel'],
    ['C', 'Cel'],
    ['bpm', '/min'],
    ['beats/min', '/min'],
    ['mg/dl', 'mg/dL'],
    ['mmol/l', 'mmol/L'],
    ['µmol/L', 'umol/L'],
    ['mi', '[mi_i]'],
    ['miles', '[mi_i]'],
    ['km', 'km'],
    ['m', 'm'],
    ['ft', '[ft_i]'],
    ['in', '[in_i]'],
    ['fl oz', '[foz_us]'],
    ['kcal', 'kcal'],
    ['Cal', 'kcal'],
    ['%', '%'],
    ['ms', 'ms'],
    ['hr', 'h'],
    ['hours', 'h'],
    ['minutes', 'min'],
    ['steps', '{count}'],
    ['count', '{count}'],
    ['mmHg', 'mm[Hg]'],
    ['mL/min/1.73m²', 'mL/min/{1.73_m2}'],
    ['mL/min/1.73 m2', 'mL/min/{1.73_m2}'],
    ['mL/(kg·min)', 'mL/kg/min'],
    ['uIU/mL', 'u[IU]/mL'],
    ['mIU/L', 'm[IU]/L'],
    ['mEq/L', 'meq/L'],
    ['kg/m²', 'kg/m2'],
    // Valid UCUM passes through untouched.
    ['m[IU]/L', 'm[IU]/L'],
    ['mL/min/{1.73_m2}', 'mL/min/{1.73_m2}'],
    ['ug/mL', 'ug/mL'],
    ['10*3/uL', '10*3/uL'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUnit(input)).toBe(expected);
  });

  it('maps every spelling to valid UCUM', () => {
    const inputs = [
      'lb',
      'st',
      'oz',
      'cup',
      'yd',
      'F',
      'C',
      'fl oz',
      'kcal/day',
      'years',
      'ratio',
      'score',
      'IU/L',
    ];
    for (const input of inputs) expect(isValidUcum(normalizeUnit(input)), input).toBe(true);
  });

  it('reads a caret after 10 as a power of ten, not as digits', () => {
    expect(normalizeUnit('10^3/uL')).toBe('10*3/uL');
    expect(normalizeUnit('10^9/L')).toBe('10*9/L');
    expect(normalizeUnit('kg/m^2')).toBe('kg/m2');
  });

  it('refuses unknown units, naming them', () => {
    expect(() => normalizeUnit('furlongs')).toThrow(UnitError);
    expect(() => normalizeUnit('furlongs')).toThrow('Unknown unit "furlongs"');
    expect(() => normalizeUnit('')).toThrow('Unknown unit ""');
  });
});
