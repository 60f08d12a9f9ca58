/** Local days ("2026-10-01") as people read them, in the current language: "1 Oct 2026", "1 oct 2026", "1. Okt. 2026". */
import { currentLocale } from '../i18n';

const formatters = new Map<string, { dayMonth: Intl.DateTimeFormat; dayMonthYear: Intl.DateTimeFormat }>();

/** The day formatters of `locale`, made once per language. */
function formattersFor(locale: string) {
  let found = formatters.get(locale);
  if (!found) {
    found = {
      dayMonth: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
      dayMonthYear: new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    };
    formatters.set(locale, found);
  }
  return found;
}

/** English reads day before month ("1 Oct"), as the app always has; other languages their own way. */
function localeTag(): string {
  const locale = currentLocale();
  return locale === 'en' ? 'en-GB' : locale;
}

// A local day has no zone; read and print it in UTC so no offset moves it to the day before.
const at = (day: string) => new Date(`${day}T00:00:00Z`);
const yearOf = (day: string) => Number(day.slice(0, 4));

/** "12 May 2027"; "12 May" when `withYear` is false. */
export function formatDay(day: string, withYear = true): string {
  const { dayMonth, dayMonthYear } = formattersFor(localeTag());
  return (withYear ? dayMonthYear : dayMonth).format(at(day));
}

/**
 * "1 Oct – 30 Oct 2026"; "20 Dec 2025 – 5 Jan 2026" across a new year; "30 Oct 2026" for one day.
 * With `currentYear`, days in that year go without it: "2 May – 30 May".
 */
export function formatDayRange(from: string, to: string, currentYear?: number): string {
  const sameYear = yearOf(from) === yearOf(to);
  const showYear = !(sameYear && yearOf(to) === currentYear);
  if (from === to) return formatDay(to, showYear);
  return `${formatDay(from, !sameYear)} – ${formatDay(to, showYear)}`;
}
