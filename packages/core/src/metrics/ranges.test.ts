import { describe, expect, it } from 'vitest';
import { flagAgainstRange, isPlausible, referenceFlag } from './ranges';

describe('reference ranges', () => {
  it('treats exclusive high bounds as out of range', () => {
    expect(referenceFlag('hba1c', 5.6)).toBe('normal');
    expect(referenceFlag('hba1c', 5.7)).toBe('high');
    expect(referenceFlag('glucose', 99)).toBe('normal');
    expect(referenceFlag('glucose', 100)).toBe('high');
    expect(referenceFlag('glucose', 65)).toBe('low');
    expect(referenceFlag('hdl_cholesterol', 40)).toBe('normal');
    expect(referenceFlag('hdl_cholesterol', 39)).toBe('low');
    expect(referenceFlag('tsh', 4.5)).toBe('normal');
  });

  it('has no flag for kinds without a general range', () => {
    expect(referenceFlag('steps', 10_000)).toBeUndefined();
  });

  it('flags against any range', () => {
    expect(flagAgainstRange({ low: 1, high: 2, source: 'lab' }, 2.5)).toBe('high');
  });
});

describe('isPlausible', () => {
  it('rejects impossible values', () => {
    expect(isPlausible('heart_rate', 900)).toBe(false);
    expect(isPlausible('steps', -1)).toBe(false);
    expect(isPlausible('weight', 80)).toBe(true);
    expect(isPlausible('body_temperature', 37)).toBe(true);
    expect(isPlausible('custom', 1e9)).toBe(true);
    expect(isPlausible('weight', Number.NaN)).toBe(false);
  });
});
