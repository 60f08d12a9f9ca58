import { convert, getMetric } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { unitFor, unitProblem } from './units';

describe('apple-health units', () => {
  it('turns HealthKit unit names into ones the store converts', () => {
    const cases: [kind: string, written: string, expected: string, value: number, canonical: number][] = [
      ['blood_glucose', 'mmol<180.1558800000541>/L', 'mmol/L', 5.5, 99.09],
      ['body_temperature', 'degF', '[degF]', 98.6, 37],
      ['body_temperature', 'degC', 'Cel', 36.8, 36.8],
      ['nutrition_calories', 'Cal', 'kcal', 540, 540],
      ['vo2_max', 'mL/min·kg', 'mL/kg/min', 41.2, 41.2],
      ['bmi', 'count', 'kg/m2', 22.4, 22.4],
      ['hydration', 'fl_oz_us', '[foz_us]', 8, 236.59],
      ['hydration', 'cup_us', '[cup_us]', 1, 236.59],
      ['hydration', 'mL', 'mL', 500, 500],
      ['weight', 'lb', 'lb', 139.4, 63.23],
      ['height', 'ft', 'ft', 5.5, 167.64],
      ['distance', 'km', 'km', 5.2, 5200],
      ['heart_rate', 'count/min', 'count/min', 62, 62],
      ['blood_pressure_systolic', 'mmHg', 'mmHg', 118, 118],
    ];
    for (const [kind, written, expected, value, canonical] of cases) {
      const unit = unitFor(kind, written);
      expect(unit, written).toBe(expected);
      expect(unitProblem(kind, unit), written).toBeUndefined();
      const canonicalUnit = getMetric(kind)!.unit!;
      expect(convert(value, unit, canonicalUnit, kind), written).toBeCloseTo(canonical, 1);
    }
  });

  it('names the problem with a unit that cannot be stored as the kind', () => {
    expect(unitProblem('weight', 'furlongs')).toMatch(/Unknown unit "furlongs"/);
    expect(unitProblem('heart_rate', 'kg')).toMatch(/cannot be converted/);
  });
});
