import { zoneOffsetAt } from '@healthfolio/core';

/** Calendar helpers in the person's zone, shared by the clients' date queries and what they cover. */

const DAY_MS = 86_400_000;

function offsetAt(timeZone: string, ms: number): number {
  try {
    return zoneOffsetAt(timeZone, ms);
  } catch {
    return 0; // An unknown zone: UTC, as the mappings read it.
  }
}

/** "2026-11-21": the local calendar date of an instant. */
export function localDate(ms: number, timeZone: string): string {
  return new Date(ms + offsetAt(timeZone, ms) * 60_000).toISOString().slice(0, 10);
}

/** The date `days` after (or before, when negative) a calendar date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A calendar date of the person's zone as the instant it begins and its offset, the way the mappings
 * place a provider's daily summary (the offset read at the date's UTC midnight).
 */
export function dayBounds(date: string, timeZone: string): { start: number; end: number; offset: number } {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const offset = offsetAt(timeZone, midnightUtc);
  const start = midnightUtc - offset * 60_000;
  return { start, end: start + DAY_MS, offset };
}

/** The instant a calendar date begins, as `dayBounds` places it. */
export const dayStart = (date: string, timeZone: string): number => dayBounds(date, timeZone).start;
