import { zoneCache, zoneOffsetAt } from '@healthfolio/core';

/**
 * Local days and offsets. A local day is the wall-clock date where the sample was taken, as whole days
 * since 1970-01-01; it is computed once at write time from the sample's own offset, so travel and DST
 * never move yesterday's sleep.
 */

export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The local day of an instant seen at a UTC offset (minutes east of UTC). */
export function localDayOf(instantMs: number, offsetMin: number): number {
  return Math.floor((instantMs + offsetMin * MINUTE_MS) / DAY_MS);
}

/** 18:00 local: a stretch of sleep ending from then to midnight is the start of the night ahead. */
const EVENING_MS = 18 * 3_600_000;

/**
 * The local day a stretch of sleep counts for: the day its night ends (DESIGN: a night's sleep counts for
 * the day you wake up). A stretch ending in the evening (18:00–24:00 local: light sleep 22:10–23:40 before
 * a night's deep sleep after midnight) belongs to the night that ends the next morning, so to the next
 * day; any other counts for the day it ends (an afternoon nap, a night ending at 06:30, a day's sleep after
 * a night shift). Runs once per sleep sample on the import path: arithmetic only.
 */
export function sleepDayOf(endMs: number, offsetMin: number): number {
  const local = endMs + offsetMin * MINUTE_MS;
  const day = Math.floor(local / DAY_MS);
  return local - day * DAY_MS >= EVENING_MS ? day + 1 : day;
}

/** "2026-11-20" for a local day. */
export function dayToDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The local day of "2026-11-20". */
export function dateToDay(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

const OFFSET = /(?:([+-])(\d{2}):?(\d{2})|Z)$/i;

/** Epoch ms and the offset written in an ISO 8601 date-time ("…-05:00" → -300, "…Z" → 0). */
export function parseInstant(iso: string): { ms: number; offsetMin: number } {
  const ms = Date.parse(iso);
  const match = OFFSET.exec(iso);
  if (Number.isNaN(ms) || !match) throw new RangeError(`Not an ISO 8601 date-time with offset: ${iso}`);
  const offsetMin = match[1] ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return { ms, offsetMin };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 with the given offset: 2026-11-20T23:30:00.000-05:00. */
export function formatInstant(ms: number, offsetMin: number): string {
  const local = new Date(ms + offsetMin * MINUTE_MS).toISOString().slice(0, -1);
  if (offsetMin === 0) return `${local}Z`;
  const abs = Math.abs(offsetMin);
  return `${local}${offsetMin < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** zone → local day → ISO start. */
const edgeCache = new Map<string, Map<number, string>>();

export { zoneOffsetAt };

/** The start of a local day in a zone as ISO 8601 with the zone's offset then; cached, a chart has thousands. */
export function dayStartIso(zone: string, day: number): string {
  const cache = zoneCache(edgeCache, zone);
  let iso = cache.get(day);
  if (iso === undefined) {
    const start = dayStartIn(zone, day);
    iso = formatInstant(start, zoneOffsetAt(zone, start));
    cache.set(day, iso);
  }
  return iso;
}

/** The instant a local day starts in a zone (midnight, or the first instant after a DST gap). */
export function dayStartIn(zone: string, day: number): number {
  const midnight = day * DAY_MS;
  const guess = midnight - zoneOffsetAt(zone, midnight) * MINUTE_MS;
  return midnight - zoneOffsetAt(zone, guess) * MINUTE_MS;
}

/** The local day of an instant in a zone. */
export function localDayIn(zone: string, instantMs: number): number {
  return localDayOf(instantMs, zoneOffsetAt(zone, instantMs));
}

/** Monday of the ISO week holding the day (1970-01-01 was a Thursday). */
export function weekStart(day: number): number {
  return day - ((((day + 3) % 7) + 7) % 7);
}

/** First day of the month holding the day, and of the next month. */
export function monthBounds(day: number): [number, number] {
  const d = new Date(day * DAY_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return [Date.UTC(y, m, 1) / DAY_MS, Date.UTC(y, m + 1, 1) / DAY_MS];
}

/** Rows grouped by their local day, days in first-seen order and rows in input order within a day. */
export function groupByDay<T extends { local_day: number }>(rows: Iterable<T>): Map<number, T[]> {
  const byDay = new Map<number, T[]>();
  for (const row of rows) {
    const list = byDay.get(row.local_day);
    if (list) list.push(row);
    else byDay.set(row.local_day, [row]);
  }
  return byDay;
}
