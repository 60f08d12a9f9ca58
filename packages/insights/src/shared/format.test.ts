import { describe, expect, it } from 'vitest';
import { formatAmount, formatNumber, formatP, formatPercent, formatRate, formatValue } from './format';
import { kindLabel, kindNoun } from './kinds';

describe('formatting for people', () => {
  it('formats values in metric units with the kind’s precision', () => {
    expect(formatValue('weight', 76.44)).toBe('76.4 kg');
    expect(formatValue('steps', 10_000)).toBe('10,000 steps');
    expect(formatValue('resting_heart_rate', 61.6)).toBe('62 bpm');
    expect(formatValue('sleep_duration', 6.75)).toBe('6 h 45 min');
    expect(formatValue('ldl_cholesterol', 162)).toBe('162 mg/dL');
    expect(formatValue('unknown_kind', 3.14159)).toBe('3.14');
  });

  it('formats rates with two significant digits in the canonical unit', () => {
    expect(formatRate('resting_heart_rate', 0.1719)).toBe('+0.17 bpm a day');
    expect(formatRate('weight', -0.05, 'week')).toBe('−0.35 kg a week');
    expect(formatRate('steps', -20.4)).toBe('−20 steps a day');
    expect(formatRate('distance', 12)).toBe('+12 m a day');
    expect(formatRate('weight', 0.0009, 'week')).toBe('+0.0063 kg a week');
  });

  it('formats amounts, percentages and p-values', () => {
    expect(formatAmount('weight', -1.5)).toBe('1.5 kg');
    expect(formatNumber(-2.5, 1)).toBe('−2.5');
    expect(formatNumber(-0.01, 1)).toBe('0');
    expect(formatPercent(0.0421)).toBe('4.2 %');
    expect(formatP(0.0004)).toBe('p < 0.001');
    expect(formatP(0.01234)).toBe('p = 0.012');
  });

  it('names kinds in titles and in sentences', () => {
    expect(kindLabel('resting_heart_rate')).toBe('Resting heart rate');
    expect(kindNoun('resting_heart_rate')).toBe('resting heart rate');
    expect(kindNoun('ldl_cholesterol')).toBe('LDL cholesterol');
    expect(kindLabel('my_custom_thing')).toBe('My custom thing');
  });
});
