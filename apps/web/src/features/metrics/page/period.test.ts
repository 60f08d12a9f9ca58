import { describe, expect, it } from 'vitest';
import { localDate, periodOf, previousOf, trailingMean } from './period';

// Sunday 22 November 2026, 15:00 where the tests run.
const now = new Date(2026, 10, 22, 15, 0).getTime();

describe('metric page periods', () => {
  it('draws a year of steps in whole local days, today the last', () => {
    expect(periodOf({ range: 'year' }, 'sum', 'activity', now)).toEqual({
      from: '2025-11-23',
      spanMs: 365 * 86_400_000,
      bucket: 'day',
    });
    expect(periodOf({ range: 'day' }, 'sum', 'activity', now).bucket).toBe('hour');
    expect(periodOf({ range: 'day' }, 'avg', 'vitals', now).bucket).toBe('raw');
    expect(periodOf({ range: 'all' }, 'sum', 'activity', now)).toMatchObject({
      bucket: 'month',
      spanMs: null,
    });
    expect(periodOf({ range: 'year' }, 'avg', 'labs', now).bucket).toBe('raw');
  });

  it('compares a month with the 30 days just before it, never sharing a day', () => {
    const month = periodOf({ range: 'month' }, 'sum', 'activity', now);
    expect(month.from).toBe('2026-10-24');
    expect(previousOf(month)).toMatchObject({ from: '2026-09-24', to: '2026-10-23' });
    const custom = periodOf({ from: '2026-11-01', to: '2026-11-10' }, 'avg', 'vitals', now);
    expect(custom).toMatchObject({ from: '2026-11-01', to: '2026-11-10', bucket: 'day' });
    expect(previousOf(custom)).toMatchObject({ from: '2026-10-22', to: '2026-10-31' });
    expect(previousOf(periodOf({ range: 'all' }, 'sum', 'activity', now))).toBeUndefined();
  });

  it('averages the last 7 calendar days, over the days that have data', () => {
    const day = 86_400;
    const x = [0, 1, 2, 3, 4, 5, 6, 7, 9].map((d) => d * day);
    const values = [7, 7, 7, 7, 7, 7, 7, 14, null];
    expect(trailingMean(x, values)).toEqual([7, 7, 7, 7, 7, 7, 7, 8, 8.4]);
    expect(localDate(now)).toBe('2026-11-22');
  });
});
