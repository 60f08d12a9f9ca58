import { zoneOffsetAt } from './zone-offset';

/**
 * Times as exports write them. Many CSV exports give local wall-clock times without an offset
 * ("2024-03-10 02:30:00"); they are read in the user's zone, with the offset that zone had then.
 */

const MINUTE_MS = 60_000;

/**
 * The instant of a wall-clock time in `zone`, and the offset it had. A time skipped by a DST jump is
 * read with the offset before the jump; a repeated one as its first occurrence.
 */
export function wallTimeToInstant(
  zone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): { ms: number; offsetMin: number } {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const first = zoneOffsetAt(zone, asUtc);
  let ms = asUtc - first * MINUTE_MS;
  const second_ = zoneOffsetAt(zone, ms);
  if (second_ !== first) {
    const retry = asUtc - second_ * MINUTE_MS;
    if (zoneOffsetAt(zone, retry) === second_) ms = retry;
  }
  return { ms, offsetMin: zoneOffsetAt(zone, ms) };
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const OFFSET = /(?:([+-])(\d{2}):?(\d{2})|Z)$/i;

/**
 * Reads "2024-03-10T08:15:00-05:00", "2024-03-10 08:15:00 -0500", "…Z" with their own offset, and
 * "2024-03-10 08:15[:00]" or "2024-03-10" as wall time in `zone`. Undefined when it is not a date.
 */
export function parseTime(text: string, zone: string): { ms: number; offsetMin: number } | undefined {
  const t = text.trim();
  const offset = OFFSET.exec(t);
  if (offset) {
    const ms = Date.parse(t.replace(' ', 'T').replace(/ ([+-]\d{2}):?(\d{2})$/, '$1:$2'));
    if (Number.isNaN(ms)) return undefined;
    const offsetMin = offset[1]
      ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]))
      : 0;
    return { ms, offsetMin };
  }
  const m = LOCAL.exec(t);
  if (!m) return undefined;
  return wallTimeToInstant(zone, +m[1]!, +m[2]!, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
}
