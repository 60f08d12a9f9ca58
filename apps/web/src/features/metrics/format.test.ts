import { describe, expect, it } from 'vitest';
import { formatChange, formatDuration, formatPair, formatValue } from './format';
import { describeFlag } from './flags';
import { groupByCategory } from './categories';

describe('formatValue', () => {
  it('converts to the user system and drops trailing zeros', () => {
    expect(formatValue('weight', 80, 'metric')).toBe('80 kg');
    expect(formatValue('weight', 80, 'imperial')).toBe('176.4 lb');
    expect(formatValue('height', 180, 'imperial')).toBe('70.9 in');
    expect(formatValue('body_temperature', 37, 'imperial')).toBe('98.6 °F');
  });

  it('shows counts with their label and durations as hours and minutes', () => {
    expect(formatValue('steps', 8000, 'metric')).toBe('8,000 steps');
    expect(formatValue('sleep_duration', 7 + 32 / 60, 'metric')).toBe('7 h 32 min');
    expect(formatValue('exercise_minutes', 45, 'imperial')).toBe('45 min');
  });

  it('shows blood pressure as a pair', () => {
    expect(formatPair('blood_pressure', 120, 80, 'imperial')).toBe('120/80 mmHg');
  });
});

describe('formatChange', () => {
  it('converts a temperature difference without the offset', () => {
    expect(formatChange('body_temperature', 37, 38, 'imperial')).toEqual({
      text: '+1.8 °F',
      direction: 'up',
    });
  });

  it('calls a change that rounds to nothing flat', () => {
    expect(formatChange('weight', 80, 80.01, 'metric')).toEqual({ text: '±0 kg', direction: 'flat' });
    expect(formatChange('sleep_duration', 8, 7.5, 'metric')).toEqual({ text: '−30 min', direction: 'down' });
  });
});

describe('formatDuration', () => {
  it('writes whole hours and lone minutes plainly', () => {
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(5)).toBe('5 min');
  });
});

describe('describeFlag', () => {
  it('reads the spellings labs use', () => {
    expect(describeFlag('high')?.label).toBe('High');
    expect(describeFlag('HH')?.label).toBe('High');
    expect(describeFlag('L')?.label).toBe('Low');
    expect(describeFlag('A')?.label).toBe('Abnormal');
    expect(describeFlag('normal')).toBeUndefined();
    expect(describeFlag(null)).toBeUndefined();
  });
});

describe('groupByCategory', () => {
  it('orders sections as the dashboard shows them', () => {
    const groups = groupByCategory([{ category: 'labs' }, { category: 'activity' }, { category: 'body' }]);
    expect(groups.map((g) => g.label)).toEqual(['Activity', 'Body', 'Labs']);
  });
});
