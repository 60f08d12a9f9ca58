import { parseTime, wallTimeToInstant } from '@healthfolio/core';
import { localDay, type LocalDay } from '../shared/local-day';

/** An instant with the offset it was recorded at. */
export interface Instant {
  ms: number;
  offsetMin: number;
}

const FITBIT = /^(\d{2})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const SHORT_DAY = /^(\d{2})\/(\d{2})\/(\d{2})$/;

/**
 * Fitbit's export writes "01/31/23 07:05:00" (MM/DD/YY, local wall time without an offset) in the
 * per-minute files and ISO "2023-01-31T23:30:00.000" in sleep logs; both are read in `zone`.
 */
export function fitbitTime(text: unknown, zone: string): Instant | undefined {
  if (typeof text !== 'string') return undefined;
  const m = FITBIT.exec(text.trim());
  if (!m) return parseTime(text, zone);
  return wallTimeToInstant(zone, 2000 + +m[3]!, +m[1]!, +m[2]!, +m[4]!, +m[5]!, +m[6]!);
}

/** A local calendar day ("2023-01-31", "01/31/23", or the date part of a timestamp) in `zone`. */
export function fitbitDay(text: unknown, zone: string): LocalDay | undefined {
  if (typeof text !== 'string') return undefined;
  const t = text.trim();
  const iso = DAY.exec(t);
  if (iso) return localDay(zone, +iso[1]!, +iso[2]!, +iso[3]!);
  const short = SHORT_DAY.exec(t.slice(0, 8));
  return short ? localDay(zone, 2000 + +short[3]!, +short[1]!, +short[2]!) : undefined;
}
