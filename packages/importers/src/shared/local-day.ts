import { wallTimeToInstant } from '@healthfolio/core';

/** A local calendar day: from its midnight to the next, in `zone` (23 or 25 hours on DST days). */
export interface LocalDay {
  start: number;
  end: number;
  offsetMin: number;
  /** "2024-03-10" */
  day: string;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local day of that date in `zone`; undefined for a month or day out of range. */
export function localDay(zone: string, year: number, month: number, day: number): LocalDay | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const start = wallTimeToInstant(zone, year, month, day);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  const end = wallTimeToInstant(zone, next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()).ms;
  const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { start: start.ms, end, offsetMin: start.offsetMin, day: text };
}

/** "2024-03-10" as a local day; undefined for anything else. */
export function isoLocalDay(text: string, zone: string): LocalDay | undefined {
  const m = ISO_DAY.exec(text.trim());
  return m ? localDay(zone, +m[1]!, +m[2]!, +m[3]!) : undefined;
}
