import { describe, expect, it } from 'vitest';
import { directCritical, readFlag, readRange, readValue } from './values';

describe('result cells', () => {
  it.each([
    ['105', { value: 105, valueText: '105' }],
    ['105 H', { value: 105, valueText: '105', flag: 'H' }],
    ['98 High', { value: 98, valueText: '98', flag: 'High' }],
    ['6.7 Critical', { value: 6.7, valueText: '6.7', flag: 'Critical' }],
    ['1,250 High', { value: 1250, valueText: '1,250', flag: 'High' }],
    ['<0.5', { value: 0.5, valueText: '<0.5' }],
    ['>90', { value: 90, valueText: '>90' }],
    ['< 0.5', { value: 0.5, valueText: '< 0.5' }],
    ['>=60', { value: 60, valueText: '>=60' }],
    ['-0.4', { value: -0.4, valueText: '-0.4' }],
    ['NEGATIVE', { value: null, valueText: 'NEGATIVE' }],
    ['Non Reactive', { value: null, valueText: 'Non Reactive' }],
    ['NOT APPLICABLE', { value: null, valueText: 'NOT APPLICABLE' }],
    ['POSITIVE A', { value: null, valueText: 'POSITIVE', flag: 'A' }],
  ])('reads %j', (cell, expected) => {
    expect(readValue(cell)).toEqual(expected);
  });

  it('takes other words as a result only beside a unit or a range', () => {
    expect(readValue('FINAL REPORT')).toBeUndefined();
    expect(readValue('Comment: fasting')).toBeUndefined();
    expect(readValue('Yellow-green')).toBeUndefined();
    expect(readValue('Yellow-green', { range: true })).toEqual({ value: null, valueText: 'Yellow-green' });
  });
});

describe('flags', () => {
  it.each([
    ['H', 'high'],
    ['L', 'low'],
    ['HH', 'critical_high'],
    ['LL', 'critical_low'],
    ['A', 'abnormal'],
    ['High', 'high'],
    ['Low', 'low'],
    ['Abnormal', 'abnormal'],
    ['Critical High', 'critical_high'],
    ['critical low', 'critical_low'],
    ['N', null],
    [undefined, null],
  ])('%s → %s', (printed, flag) => {
    expect(readFlag(printed)).toBe(flag);
  });

  it('a critical flag takes its direction from the range', () => {
    expect(directCritical('critical', 2.1, { low: 3.5, high: 5.1 })).toBe('critical_low');
    expect(directCritical('critical', 6.9, { low: 3.5, high: 5.1 })).toBe('critical_high');
    expect(directCritical('high', 6.9, null)).toBe('high');
  });
});

describe('reference ranges of every form', () => {
  it.each([
    ['70-99', { low: 70, high: 99 }, null],
    ['70 - 99', { low: 70, high: 99 }, null],
    ['0.0-4.0', { low: 0, high: 4 }, null],
    ['65-99 mg/dL', { low: 65, high: 99 }, 'mg/dL'],
    ['<200', { high: 200, text: '<200' }, null],
    ['<200 mg/dL', { high: 200, text: '<200' }, 'mg/dL'],
    ['>39', { low: 39, text: '>39' }, null],
    ['> OR = 40 mg/dL', { low: 40, text: '> OR = 40' }, 'mg/dL'],
    ['< OR = 5.6', { high: 5.6, text: '< OR = 5.6' }, null],
    ['≤5.6', { high: 5.6, text: '≤5.6' }, null],
    ['≥60', { low: 60, text: '≥60' }, null],
    ['>=60 mL/min/1.73m2', { low: 60, text: '>=60' }, 'mL/min/1.73m2'],
    ['<5.7 % of total Hgb', { high: 5.7, text: '<5.7' }, '%'],
    ['6-22 (calc)', { low: 6, high: 22 }, null],
    ['Negative', { text: 'Negative' }, null],
    ['NON-REACTIVE', { text: 'NON-REACTIVE' }, null],
    ['See Note', { text: 'See Note' }, null],
    ['Not Estab.', { text: 'Not Estab.' }, null],
    ['Desirable: see comment', { text: 'Desirable: see comment' }, null],
  ])('%j', (cell, range, unit) => {
    expect(readRange(cell)).toEqual({ range, unit });
  });

  it('a cell with only a unit has no range', () => {
    expect(readRange('mg/dL (calc)')).toEqual({ range: null, unit: 'mg/dL' });
    expect(readRange('')).toEqual({ range: null, unit: null });
  });
});
