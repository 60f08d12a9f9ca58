/** Local days ("2026-10-01") as people read them: "1 Oct", "1 Oct 2026", "1 Oct – 30 Oct 2026". */

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

// A local day has no zone; read and print it in UTC so no offset moves it to the day before.
const at = (day: string) => new Date(`${day}T00:00:00Z`);
const yearOf = (day: string) => Number(day.slice(0, 4));

/** "12 May 2027"; "12 May" when `withYear` is false. */
export function formatDay(day: string, withYear = true): string {
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
