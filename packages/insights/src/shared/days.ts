const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A local day as an ISO date ("2026-06-30"); the day number already is the person's local calendar day. */
export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The local day of an ISO date ("2026-06-30"). */
export function dayFromIso(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

/**
 * The last day a rule may read as a whole day. `today` is always the day in progress — the local day of
 * "now" in the person's zone — so its totals are partial until midnight (steps at 8 am) and its day means
 * lean on the hours so far (at 8 am the day's heart rate is mostly the night's). Whole-day comparisons
 * end the day before.
 */
export function lastWholeDay(today: number): number {
  return today - 1;
}

/** 0 for Monday … 6 for Sunday (day 0, 1 January 1970, was a Thursday). */
export function weekday(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** The Monday that starts the week of `day`. */
export function weekStart(day: number): number {
  return day - weekday(day);
}

/** "12 May", or "12 May 2027" when the year differs from today's. */
export function formatDay(day: number, today: number): string {
  const date = new Date(day * DAY_MS);
  const text = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
  return date.getUTCFullYear() === new Date(today * DAY_MS).getUTCFullYear()
    ? text
    : `${text} ${date.getUTCFullYear()}`;
}
