import { describe, expect, it } from 'vitest';
import { convert, getConverter } from './convert';
import { toCanonical } from './canonical';
import { UnitError } from './unit-error';

describe('convert: known values', () => {
  it.each([
    // value, from, to, kind, expected, decimals
    [100, 'mg/dL', 'mmol/L', 'blood_glucose', 5.55, 2],
    [5.55, 'mmol/L', 'mg/dL', 'glucose', 100, 0],
    [200, 'mg/dL', 'mmol/L', 'total_cholesterol', 5.17, 2],
    [100, 'mg/dL', 'mmol/L', 'ldl_cholesterol', 2.59, 2],
    [40, 'mg/dL', 'mmol/L', 'hdl', 1.03, 2],
    [150, 'mg/dL', 'mmol/L', 'triglycerides', 1.69, 2],
    [1, 'mg/dL', 'umol/L', 'creatinine', 88.4, 1],
    [14, 'mg/dL', 'mmol/L', 'bun', 5.0, 1],
    [10, 'mg/dL', 'mmol/L', 'calcium', 2.5, 2],
    [30, 'ng/mL', 'nmol/L', 'vitamin_d', 74.9, 1],
    [500, 'ng/dL', 'nmol/L', 'testosterone', 17.3, 1],
    [1, 'mg/mmol', 'mg/g', 'albumin_creatinine_ratio', 8.84, 2],
    [140, 'mEq/L', 'mmol/L', 'sodium', 140, 6],
    [48, 'mmol/mol', '%', 'hba1c', 6.5, 1],
    [6.5, '%', 'mmol/mol', 'hba1c', 48, 0],
    [176.37, 'lb', 'kg', undefined, 80, 3],
    [80, 'kg', 'lbs', undefined, 176.37, 2],
    [98.6, '°F', '°C', undefined, 37, 6],
    [37, 'Cel', '[degF]', undefined, 98.6, 6],
    [1, 'mi', 'km', undefined, 1.609344, 9],
    [12, 'in', 'cm', undefined, 30.48, 9],
    [6, 'ft', 'cm', undefined, 182.88, 9],
    [1, 'fl oz', 'mL', undefined, 29.5735, 4],
    [7.5, 'h', 'min', undefined, 450, 9],
    [1, 'kcal', 'kJ', undefined, 4.184, 9],
    [2.5, 'uIU/mL', 'mIU/L', 'tsh', 2.5, 9],
    [2.5, 'mU/L', 'mIU/L', 'tsh', 2.5, 9],
    [35, 'IU/L', 'U/L', 'alt', 35, 9],
  ] as const)('%d %s → %s (%s)', (value, from, to, kind, expected, decimals) => {
    expect(convert(value, from, to, kind)).toBeCloseTo(expected, decimals);
  });

  it('returns the value unchanged between identical units', () => {
    expect(convert(72, '/min', 'bpm')).toBe(72);
  });
});

describe('convert: refusals', () => {
  it('refuses incompatible units, naming the unit and the kind', () => {
    expect(() => convert(80, 'kg', 'mg/dL', 'blood_glucose')).toThrow(UnitError);
    expect(() => convert(80, 'kg', 'mg/dL', 'blood_glucose')).toThrow(
      'Unit "kg" cannot be converted to mg/dL for blood_glucose',
    );
    expect(() => toCanonical('weight', 80, 'mg/dL')).toThrow(
      'Unit "mg/dL" cannot be converted to kg for weight',
    );
  });

  it('refuses unknown units', () => {
    expect(() => toCanonical('distance', 3, 'furlongs')).toThrow('Unknown unit "furlongs"');
  });

  it('refuses mg/dL ↔ mmol/L when the substance has no molar mass', () => {
    expect(() => convert(5, 'mmol/L', 'mg/dL')).toThrow(/no molar mass/);
    expect(() => convert(5, 'mmol/L', 'mg/dL', 'apolipoprotein_b')).toThrow(UnitError);
  });

  it('never turns a percent into a count or a fraction', () => {
    expect(() => toCanonical('steps', 50, '%')).toThrow(UnitError);
    expect(() => toCanonical('body_fat', 0.25, '1')).toThrow(UnitError);
    expect(() => convert(48, 'mmol/mol', '%')).toThrow(UnitError);
  });

  it('keeps the last failure cached without changing its message', () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(() => convert(1, 'lb', 'mmHg')).toThrow('Unit "lb" cannot be converted to mmHg');
    }
  });

  it('refuses unknown kinds and values that are not numbers', () => {
    expect(() => toCanonical('moon_phase', 1, 'kg')).toThrow('Unknown metric kind "moon_phase"');
    expect(() => toCanonical('weight', Number.NaN, 'kg')).toThrow(UnitError);
  });
});

describe('toCanonical', () => {
  it('converts into the canonical unit of the kind', () => {
    expect(toCanonical('weight', 176.37, 'lbs').value).toBeCloseTo(80, 3);
    expect(toCanonical('weight', 176.37, 'lbs').unit).toBe('kg');
    expect(toCanonical('temperature', 98.6, '°F')).toEqual({ value: 37, unit: 'Cel' });
    expect(toCanonical('glucose', 5.55, 'mmol/L').value).toBeCloseTo(100, 0);
    expect(toCanonical('distance', 1, 'mi')).toEqual({ value: 1609.344, unit: 'm' });
    expect(toCanonical('steps', 8000, 'steps')).toEqual({ value: 8000, unit: '{count}' });
    expect(toCanonical('sleep_hours', 450, 'min')).toEqual({ value: 7.5, unit: 'h' });
    expect(toCanonical('egfr', 92, 'mL/min/1.73m2')).toEqual({ value: 92, unit: 'mL/min/{1.73_m2}' });
    expect(toCanonical('heart_rate', 60, 'Hz')).toEqual({ value: 3600, unit: '/min' });
  });

  it('takes a value without a unit as canonical', () => {
    expect(toCanonical('heart_rate', 62)).toEqual({ value: 62, unit: '/min' });
  });

  it('keeps custom metrics in their own unit', () => {
    expect(toCanonical('custom', 3, 'cups')).toEqual({ value: 3, unit: '[cup_us]' });
    expect(toCanonical('custom', 3)).toEqual({ value: 3, unit: '1' });
  });

  it('refuses units for coded kinds', () => {
    expect(() => toCanonical('diagnosis', 1)).toThrow('diagnosis holds coded values');
  });
});

describe('getConverter', () => {
  // What keeps an import's million conversions cheap: the unit pair is parsed once, then reused (its speed
  // is measured by `npm run bench`, not timed here, where a busy machine would fail it).
  it('builds one converter per unit pair and hands it out again, with or without another pair between', () => {
    const toMmol = getConverter('mg/dL', 'mmol/L', 'glucose');
    expect(getConverter('mg/dL', 'mmol/L', 'glucose')).toBe(toMmol);
    const toPounds = getConverter('kg', '[lb_av]', 'weight');
    expect(getConverter('mg/dL', 'mmol/L', 'glucose')).toBe(toMmol);
    expect(getConverter('kg', '[lb_av]', 'weight')).toBe(toPounds);
    expect(toMmol(180)).toBeCloseTo(9.99, 2);
    expect(toPounds(70)).toBeCloseTo(154.32, 2);
  });

  it('gives the same answer as one-off conversions', () => {
    const toCelsius = getConverter('°F', 'Cel', 'body_temperature');
    expect(toCelsius(212)).toBeCloseTo(100, 9);
    expect(toCelsius(32)).toBeCloseTo(0, 9);
  });
});
