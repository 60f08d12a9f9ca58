import { describe, expect, it } from 'vitest';
import { dateOrderOf, isDateCell, personName, readDate } from './fields';

describe('dates as reports print them', () => {
  it.each([
    ['11/14/2026', '2026-11-14'],
    ['2026-11-14 07:45', '2026-11-14'],
    ['Nov 14, 2026 8:30 AM', '2026-11-14'],
    ['14-Nov-2026 10:00AM', '2026-11-14'],
    ['14 Nov 2026 08:30', '2026-11-14'],
    ['14/Nov/2026', '2026-11-14'],
    ['14.11.2026 07:40', '2026-11-14'],
    ['14. Nov. 2026', '2026-11-14'],
    ['14 mars 2026', '2026-03-14'],
    ['14/11/2026', '2026-11-14'],
    ['14/11/26', '2026-11-14'],
    ['14-11-2026', '2026-11-14'],
    ['11-14-2026', '2026-11-14'],
  ])('%j → %s', (text, iso) => {
    expect(readDate(text)).toBe(iso);
  });

  it('reads slash dates day first when the report writes them so', () => {
    expect(readDate('01/02/26')).toBe('2026-01-02');
    expect(readDate('01/02/26', { dayFirst: true })).toBe('2026-02-01');
    expect(dateOrderOf(['Collected: 14/11/2026', 'DOB: 02/07/1979'])).toEqual({ dayFirst: true });
    expect(dateOrderOf(['Collected: 11/14/2026', 'DOB: 02/07/1979'])).toEqual({ dayFirst: false });
    expect(dateOrderOf(['DOB: 02/07/1979'], true)).toEqual({ dayFirst: true });
  });

  it('tells a heading that is only a date', () => {
    expect(isDateCell('14/11/26')).toBe(true);
    expect(isDateCell('14.11.2026 08:45')).toBe(true);
    expect(isDateCell('Collected: 14/11/2026')).toBe(false);
    expect(isDateCell('Units')).toBe(false);
  });
});

describe('names as reports print them', () => {
  it.each([
    ['CHEN, MEI', 'Mei Chen'],
    ['Carter, Ben', 'Ben Carter'],
    ['Mei CHEN', 'Mei Chen'],
    ["O'BRIEN, MARY-JANE", "Mary-Jane O'Brien"],
    ['Ada Example', 'Ada Example'],
  ])('%j → %s', (printed, name) => {
    expect(personName(printed)).toBe(name);
  });
});
