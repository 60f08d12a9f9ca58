import { describe, expect, it } from 'vitest';
import { displayUnitFor, formatForDisplay, unitLabel } from './display';
import { metricCatalogue } from '../metrics/catalogue';

describe('formatForDisplay', () => {
  it('shows weight, height, distance, temperature and water in imperial units', () => {
    expect(formatForDisplay('weight', 80, 'imperial')).toEqual({
      value: 176.4,
      unit: 'lb',
      unitCode: '[lb_av]',
    });
    expect(formatForDisplay('height', 180, 'imperial')).toEqual({
      value: 70.9,
      unit: 'in',
      unitCode: '[in_i]',
    });
    expect(formatForDisplay('distance', 5000, 'imperial')).toEqual({
      value: 3.11,
      unit: 'mi',
      unitCode: '[mi_i]',
    });
    expect(formatForDisplay('body_temperature', 37, 'imperial')).toEqual({
      value: 98.6,
      unit: '°F',
      unitCode: '[degF]',
    });
    expect(formatForDisplay('hydration', 500, 'imperial')).toEqual({
      value: 17,
      unit: 'fl oz',
      unitCode: '[foz_us]',
    });
  });

  it('shows the same kinds in metric units', () => {
    expect(formatForDisplay('weight', 80.04, 'metric')).toEqual({ value: 80, unit: 'kg', unitCode: 'kg' });
    expect(formatForDisplay('distance', 5000, 'metric')).toEqual({ value: 5, unit: 'km', unitCode: 'km' });
    expect(formatForDisplay('temperature', 36.66, 'metric')).toEqual({
      value: 36.7,
      unit: '°C',
      unitCode: 'Cel',
    });
  });

  it('labels units the way people read them', () => {
    expect(formatForDisplay('heart_rate', 61.6, 'metric')).toMatchObject({ value: 62, unit: 'bpm' });
    expect(formatForDisplay('respiratory_rate', 14, 'imperial')).toMatchObject({ unit: 'breaths/min' });
    expect(formatForDisplay('steps', 8042, 'imperial')).toMatchObject({ value: 8042, unit: 'steps' });
    expect(formatForDisplay('glucose', 97.4, 'imperial')).toMatchObject({ value: 97, unit: 'mg/dL' });
    expect(formatForDisplay('tsh', 2.345, 'metric')).toMatchObject({ value: 2.35, unit: 'mIU/L' });
    expect(formatForDisplay('blood_pressure_systolic', 118, 'imperial')).toMatchObject({ unit: 'mmHg' });
  });

  it('shows labs in the same unit in both systems', () => {
    for (const metric of metricCatalogue.filter((entry) => entry.category === 'labs')) {
      expect(displayUnitFor(metric.kind, 'imperial'), metric.kind).toEqual(
        displayUnitFor(metric.kind, 'metric'),
      );
    }
  });

  it('passes custom values through', () => {
    expect(formatForDisplay('custom', 3.14159, 'imperial')).toEqual({
      value: 3.14159,
      unit: '',
      unitCode: '',
    });
    expect(displayUnitFor('diagnosis', 'metric')).toBeUndefined();
  });

  it('has a display for every measured kind in both systems', () => {
    for (const metric of metricCatalogue) {
      if (metric.unit === null) continue;
      for (const system of ['metric', 'imperial'] as const) {
        expect(
          () => formatForDisplay(metric.kind, metric.plausible?.max ?? 1, system),
          metric.kind,
        ).not.toThrow();
      }
    }
  });
});

describe('unitLabel', () => {
  it('strips UCUM brackets and annotations from codes it has no label for', () => {
    expect(unitLabel('[lb_av]')).toBe('lb');
    expect(unitLabel('{beats}/min')).toBe('/min');
    expect(unitLabel('mg/dL')).toBe('mg/dL');
  });
});
