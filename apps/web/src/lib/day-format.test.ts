import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatDay, formatDayRange } from './day-format';

describe('day formatting', () => {
  it('prints a local day without moving it by the zone', () => {
    expect(formatDay('2026-10-01')).toBe('1 Oct 2026');
    expect(formatDay('2027-05-12', false)).toBe('12 May');
  });

  it('gives the year once for a range within one year', () => {
    expect(formatDayRange('2026-10-01', '2026-10-30')).toBe('1 Oct – 30 Oct 2026');
    expect(formatDayRange('2025-12-20', '2026-01-05')).toBe('20 Dec 2025 – 5 Jan 2026');
    expect(formatDayRange('2026-10-30', '2026-10-30')).toBe('30 Oct 2026');
  });

  it('leaves out the current year', () => {
    expect(formatDayRange('2027-05-02', '2027-05-30', 2027)).toBe('2 May – 30 May');
    expect(formatDayRange('2027-05-02', '2027-05-30', 2026)).toBe('2 May – 30 May 2027');
  });

  it('follows the current language', async () => {
    // A language counts once its words are there (the browser always has its `common`).
    i18next.addResourceBundle('es', 'common', (await import('../i18n/locales/es/common.json')).default);
    i18next.addResourceBundle('de', 'common', (await import('../i18n/locales/de/common.json')).default);
    await i18next.changeLanguage('es');
    expect(formatDay('2026-10-01')).toBe(
      new Intl.DateTimeFormat('es', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date('2026-10-01T00:00:00Z')),
    );
    expect(formatDay('2026-10-01')).toMatch(/oct/);
    await i18next.changeLanguage('de');
    expect(formatDay('2027-05-12', false)).toMatch(/^12\. Mai/);
  });
});
