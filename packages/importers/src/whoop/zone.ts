import { isTimeZone, wallTimeToInstant } from '@healthfolio/core';

/** Where a cycle was lived: a fixed offset ("UTC-05:00", "UTCZ"), or, in some files, an IANA zone. */
export type CycleZone = { offsetMin: number } | { zone: string };

const OFFSET = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;

/** Reads the "Cycle timezone" column; WHOOP writes UTC itself as "UTCZ". */
export function cycleZone(text: string | undefined): CycleZone | undefined {
  const t = (text ?? '').trim();
  if (!t) return undefined;
  if (/^(utc|gmt)?z?$/i.test(t)) return { offsetMin: 0 };
  const m = OFFSET.exec(t);
  if (m) return { offsetMin: (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) };
  return isTimeZone(t) ? { zone: t } : undefined;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

export interface LocalTime {
  ms: number;
  utcOffsetMin: number;
  tz?: string;
}

/**
 * A WHOOP time ("2024-03-10 07:05:00", local to the cycle) as an instant. Without a cycle zone it is
 * read in the profile zone.
 */
export function localTime(
  text: string | undefined,
  where: CycleZone | undefined,
  fallbackZone: string,
): LocalTime | undefined {
  const m = LOCAL.exec((text ?? '').trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (where && 'offsetMin' in where) {
    return { ms: Date.UTC(y, mo - 1, d, h, mi, s) - where.offsetMin * 60_000, utcOffsetMin: where.offsetMin };
  }
  const zone = where?.zone ?? fallbackZone;
  const t = wallTimeToInstant(zone, y, mo, d, h, mi, s);
  return { ms: t.ms, utcOffsetMin: t.offsetMin, tz: zone };
}
