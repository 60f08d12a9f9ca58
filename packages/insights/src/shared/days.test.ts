import { describe, expect, it } from 'vitest';
import { TODAY } from '../test-support/series';
import { dayFromIso, formatDay, isoDay, lastWholeDay, weekStart, weekday } from './days';

describe('local days', () => {
  it('converts to ISO dates', () => {
    expect(isoDay(0)).toBe('1970-01-01');
    expect(isoDay(TODAY)).toBe('2026-06-30');
  });

  it('starts weeks on Monday', () => {
    expect(weekday(TODAY)).toBe(1); // a Tuesday
    expect(isoDay(weekStart(TODAY))).toBe('2026-06-29');
    expect(weekStart(TODAY - 1)).toBe(TODAY - 1);
    expect(weekStart(TODAY + 5)).toBe(TODAY - 1); // Sunday 5 July
    expect(weekday(-1)).toBe(2); // 31 Dec 1969, a Wednesday
  });

  it('names days the way people write them', () => {
    expect(formatDay(TODAY, TODAY)).toBe('30 Jun');
    expect(formatDay(TODAY + 200, TODAY)).toBe('16 Jan 2027');
  });
});

describe('dayFromIso', () => {
  it('inverts isoDay', () => {
    expect(dayFromIso('2026-06-30')).toBe(TODAY);
    expect(dayFromIso(isoDay(12_345))).toBe(12_345);
  });
});

describe('lastWholeDay', () => {
  it('is yesterday: today is always in progress', () => {
    expect(lastWholeDay(TODAY)).toBe(TODAY - 1);
  });
});
