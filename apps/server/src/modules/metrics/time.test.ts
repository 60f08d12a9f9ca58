import { describe, expect, it } from 'vitest';
import {
  dateToDay,
  dayStartIn,
  dayToDate,
  formatInstant,
  localDayIn,
  localDayOf,
  monthBounds,
  parseInstant,
  weekStart,
  zoneOffsetAt,
} from './time';

describe('local days', () => {
  it('keeps a 23:30 weigh-in in New York on its own day', () => {
    const { ms, offsetMin } = parseInstant('2026-11-20T23:30:00-05:00');
    expect(offsetMin).toBe(-300);
    expect(dayToDate(localDayOf(ms, offsetMin))).toBe('2026-11-20');
    expect(dayToDate(localDayOf(ms, 0))).toBe('2026-11-21');
  });

  it('formats an instant back with its offset', () => {
    const { ms, offsetMin } = parseInstant('2026-11-20T23:30:00-05:00');
    expect(formatInstant(ms, offsetMin)).toBe('2026-11-20T23:30:00.000-05:00');
    expect(formatInstant(ms, 0)).toBe('2026-11-21T04:30:00.000Z');
    expect(formatInstant(ms, 330)).toBe('2026-11-21T10:00:00.000+05:30');
  });

  it('reads zone offsets across DST', () => {
    expect(zoneOffsetAt('America/New_York', Date.parse('2026-07-01T12:00:00Z'))).toBe(-240);
    expect(zoneOffsetAt('America/New_York', Date.parse('2026-12-01T12:00:00Z'))).toBe(-300);
    expect(zoneOffsetAt('Asia/Kathmandu', Date.parse('2026-12-01T12:00:00Z'))).toBe(345);
    const day = dateToDay('2026-03-08'); // spring forward in New York
    expect(new Date(dayStartIn('America/New_York', day)).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(dayStartIn('America/New_York', day + 1)).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(localDayIn('America/New_York', Date.parse('2026-03-09T03:59:00Z'))).toBe(day);
  });

  it('finds weeks (Monday) and months', () => {
    const thu = dateToDay('2026-11-19');
    expect(dayToDate(weekStart(thu))).toBe('2026-11-16');
    expect(dayToDate(weekStart(dateToDay('2026-11-16')))).toBe('2026-11-16');
    expect(dayToDate(weekStart(dateToDay('1969-12-31')))).toBe('1969-12-29');
    expect(monthBounds(thu).map(dayToDate)).toEqual(['2026-11-01', '2026-12-01']);
  });
});
