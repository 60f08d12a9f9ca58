import { describe, expect, it } from 'vitest';
import {
  directCritical,
  flagFromRange,
  numberFormatOf,
  readFlag,
  readRange,
  readValue,
  resultFlag,
  toNumber,
} from './values';

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

describe('more result cells', () => {
  it.each([
    ['H 8.52', { value: 8.52, valueText: '8.52', flag: 'H' }],
    ['5.9 (High)', { value: 5.9, valueText: '5.9', flag: 'High' }],
    ['12.9 [L]', { value: 12.9, valueText: '12.9', flag: 'L' }],
    ['5.6 +', { value: 5.6, valueText: '5.6', flag: '+' }],
    ['138 -', { value: 138, valueText: '138', flag: '-' }],
    ['1,45,000', { value: 145000, valueText: '1,45,000' }],
    ['6.1 *', { value: 6.1, valueText: '6.1', flag: '*' }],
  ])('reads %j', (cell, expected) => {
    expect(readValue(cell)).toEqual(expected);
  });

  it('reads decimal commas in a report that writes them', () => {
    const comma = { decimalComma: true };
    expect(readValue('5,4', {}, comma)).toEqual({ value: 5.4, valueText: '5,4' });
    expect(readValue('5,6 +', {}, comma)).toEqual({ value: 5.6, valueText: '5,6', flag: '+' });
    expect(readValue('< 0,6', {}, comma)).toEqual({ value: 0.6, valueText: '< 0,6' });
    expect(readValue('1.250,5', {}, comma)).toEqual({ value: 1250.5, valueText: '1.250,5' });
    expect(readValue('4.2', {}, comma)).toEqual({ value: 4.2, valueText: '4.2' });
    // Without the report's say-so, "5,4" is no number and "1,250" a thousand and more.
    expect(readValue('5,4')).toBeUndefined();
    expect(readValue('1,250')).toEqual({ value: 1250, valueText: '1,250' });
    expect(toNumber('0,92', comma)).toBe(0.92);
  });

  it('tells a report that writes decimal commas by its numbers, not by its dates or thousands', () => {
    const page = (...texts: string[]) => ({
      number: 1,
      width: 595,
      height: 842,
      lines: texts.map((text, i) => ({ page: 1, number: i + 1, top: 0, bottom: 0, cells: [], text })),
    });
    expect(numberFormatOf([page('Kalium 5,6 mmol/l 3,5 - 5,1', 'Entnahme: 14.11.2026')])).toEqual({
      decimalComma: true,
    });
    expect(
      numberFormatOf([page('WBC 6.3 x10E3/uL 3.4-10.8', 'Vitamin B12 1,250 High', 'Nov 14, 2026')]),
    ).toEqual({});
  });
});

describe('more reference ranges', () => {
  it.each([
    ['(135-145)', { low: 135, high: 145 }, null],
    ['[3.5 - 5.1] mmol/L', { low: 3.5, high: 5.1 }, 'mmol/L'],
    ['(<5.5)', { high: 5.5, text: '<5.5' }, null],
    ['up to 5.6', { high: 5.6, text: 'up to 5.6' }, null],
    ['Upto 40 U/L', { high: 40, text: 'Upto 40' }, 'U/L'],
    ['60 or more', { low: 60, text: '60 or more' }, null],
    ['5.0 or less', { high: 5, text: '5.0 or less' }, null],
    ['less than 5.7 %', { high: 5.7, text: 'less than 5.7' }, '%'],
    ['greater than 59', { low: 59, text: 'greater than 59' }, null],
    ['Below 200 mg/dL', { high: 200, text: 'Below 200' }, 'mg/dL'],
    ['Above 39 mg/dL', { low: 39, text: 'Above 39' }, 'mg/dL'],
    ['<=5.6', { high: 5.6, text: '<=5.6' }, null],
    ['1,50,000 - 4,10,000', { low: 150000, high: 410000 }, null],
  ])('%j', (cell, range, unit) => {
    expect(readRange(cell)).toEqual({ range, unit });
  });

  it('reads ranges with decimal commas', () => {
    const comma = { decimalComma: true };
    expect(readRange('3,5 - 5,1', comma)).toEqual({ range: { low: 3.5, high: 5.1 }, unit: null });
    expect(readRange('< 1,2 mg/dl', comma)).toEqual({ range: { high: 1.2, text: '< 1,2' }, unit: 'mg/dl' });
    expect(readRange('0,70 bis 1,20', comma)).toEqual({ range: { low: 0.7, high: 1.2 }, unit: null });
    expect(readRange('bis 5,0', comma)).toEqual({ range: { high: 5, text: 'bis 5,0' }, unit: null });
  });
});

describe('flags from the printed range, when the lab prints none', () => {
  const flag = (valueText: string, value: number | null, range: string) =>
    flagFromRange({ value, valueText }, readRange(range).range);

  it.each([
    ['5.9', 5.9, '4.0-5.6', 'high'],
    ['3.2', 3.2, '3.5-5.1', 'low'],
    ['5.6', 5.6, '4.0-5.6', null],
    ['3.5', 3.5, '3.5-5.1', null],
    ['200', 200, '<200', 'high'],
    ['199', 199, '<200', null],
    ['5.6', 5.6, '≤5.6', null],
    ['5.7', 5.7, '<=5.6', 'high'],
    ['59', 59, '>59', 'low'],
    ['60', 60, '>=60', null],
    ['59', 59, '≥60', 'low'],
    ['100', 100, 'up to 100', null],
    ['101', 101, 'up to 100', 'high'],
    ['59', 59, '60 or more', 'low'],
    ['5.7', 5.7, 'less than 5.7', 'high'],
    ['29', 29, 'greater than 29', 'low'],
    ['<0.5', 0.5, '0.0-3.0', null],
    ['<0.5', 0.5, '0.6-1.2', 'low'],
    ['>1000', 1000, '<150', 'high'],
    ['>90', 90, '>=60', null],
    ['POSITIVE', null, 'Negative', 'abnormal'],
    ['NON-REACTIVE', null, 'NON-REACTIVE', null],
    ['18', 18, 'See Note', null],
  ])('%s against %s → %s', (valueText, value, range, expected) => {
    expect(flag(valueText, value, range)).toBe(expected);
  });

  it('keeps the lab’s own flag, critical ones with their direction; a star takes the range’s', () => {
    const range = { low: 3.5, high: 5.1 };
    expect(resultFlag('HH', { value: 6.9, valueText: '6.9' }, range)).toBe('critical_high');
    expect(resultFlag('Critical', { value: 2.1, valueText: '2.1' }, range)).toBe('critical_low');
    expect(resultFlag('L', { value: 6.9, valueText: '6.9' }, range)).toBe('low');
    expect(resultFlag(undefined, { value: 6.9, valueText: '6.9' }, range)).toBe('high');
    expect(resultFlag('*', { value: 2.1, valueText: '2.1' }, range)).toBe('low');
    expect(resultFlag('*', { value: 2.1, valueText: '2.1' }, null)).toBe('abnormal');
    expect(resultFlag('+', { value: 6.9, valueText: '6.9' }, range)).toBe('high');
    // A value in Quest's "In Range" column is in range, whatever we make of the range.
    expect(resultFlag(undefined, { value: 6.9, valueText: '6.9' }, range, { derive: false })).toBeNull();
  });
});
