import { parseTime, wallTimeToInstant } from '@healthfolio/core';

/**
 * LibreView writes "Device Timestamp" in the account's own date setting, with no zone: "03-14-2024
 * 07:15 AM" (month first, the default) or "14-03-2024 07:15" (day first, 24-hour accounts).
 */
export type DateOrder = 'month-first' | 'day-first';

const STAMP = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/;

/** What one timestamp says about the order: only a number above 12 decides it. */
export function orderEvidence(text: string): { order?: DateOrder; twelveHour: boolean } {
  const m = STAMP.exec(text.trim());
  if (!m) return { twelveHour: false };
  const [a, b] = [Number(m[1]), Number(m[2])];
  const twelveHour = Boolean(m[7]);
  if (a > 12 && b <= 12) return { order: 'day-first', twelveHour };
  if (b > 12 && a <= 12) return { order: 'month-first', twelveHour };
  return { twelveHour };
}

/** A Device Timestamp as an instant, read in `zone`; undefined when it is not a date. */
export function parseDeviceTimestamp(
  text: string,
  order: DateOrder,
  zone: string,
): { ms: number; offsetMin: number } | undefined {
  const m = STAMP.exec(text.trim());
  if (!m) return parseTime(text, zone);
  const first = Number(m[1]);
  const second = Number(m[2]);
  const [month, day] = order === 'month-first' ? [first, second] : [second, first];
  let hour = Number(m[4]);
  const minute = Number(m[5]);
  const meridiem = m[7]?.toLowerCase();
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return undefined;
  const year = Number(m[3]);
  // Date.UTC rolls 31 April over into May; a date that does not exist is not read.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return undefined;
  return wallTimeToInstant(zone, year, month, day, hour, minute, Number(m[6] ?? 0));
}
