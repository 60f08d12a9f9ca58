import { parseTime, wallTimeToInstant, zoneOffsetAt } from '@healthfolio/core';
import { parseJson } from '../shared/safe-json';

export type Fields = Record<string, unknown>;

/** A number from a JSON value or a CSV cell; undefined when blank or not a number. */
export function num(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '' || value === 'null') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : undefined;

/** The first field present, for names that differ between the v2 API, its export and the v1 API. */
export const pick = (fields: Fields, ...names: string[]): unknown =>
  names.map((n) => fields[n]).find((v) => v !== undefined && v !== null && v !== '');

/** A nested object that the CSV export writes as JSON text (`{"average": 97.1}`). */
export function nested(value: unknown): Fields | undefined {
  if (value && typeof value === 'object') return value as Fields;
  if (typeof value !== 'string' || !value.trim().startsWith('{')) return undefined;
  try {
    return parseJson(value) as Fields;
  } catch {
    return undefined;
  }
}

export interface When {
  ms: number;
  utcOffsetMin?: number;
  tz?: string;
}

/**
 * An Oura time. Times with a local offset keep it; UTC times (`Z`, as the heart-rate stream writes)
 * say nothing of where the wearer was, so the profile zone gives their offset.
 */
export function when(text: unknown, zone: string): When | undefined {
  const t = str(text);
  if (!t) return undefined;
  const parsed = parseTime(t, zone);
  if (!parsed) return undefined;
  if (/z$/i.test(t) || (/[+-]00:?00$/.test(t) && zoneOffsetAt(zone, parsed.ms) !== 0))
    return { ms: parsed.ms, tz: zone };
  return { ms: parsed.ms, utcOffsetMin: parsed.offsetMin };
}

/**
 * The local calendar day `day` (YYYY-MM-DD) as an interval: midnight to midnight in the profile zone
 * (23 or 25 hours on a DST day). When the record's own timestamp shows the wearer was at another
 * offset than the zone had then (travel), the day is taken at that fixed offset instead.
 */
export function dayInterval(
  day: string,
  zone: string,
  seen?: { ms: number; offsetMin: number },
): { start: number; end: number; utcOffsetMin: number; tz?: string } | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (seen && zoneOffsetAt(zone, seen.ms) !== seen.offsetMin) {
    const start = Date.UTC(y, mo - 1, d) - seen.offsetMin * 60_000;
    return { start, end: start + 86_400_000, utcOffsetMin: seen.offsetMin };
  }
  const start = wallTimeToInstant(zone, y, mo, d);
  const end = wallTimeToInstant(zone, y, mo, d + 1);
  return { start: start.ms, end: end.ms, utcOffsetMin: start.offsetMin, tz: zone };
}
