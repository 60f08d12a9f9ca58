import { parseTime } from '../time';

const ZERO = 0x30;
const READ = 1;
/** Not in export.xml's own spelling: left to parseTime. */
const NOT_FIXED = 0;
/** In export.xml's spelling but no real time (month 13, February 31st). */
const INVALID = -1;

/** A parsed date: the instant and the offset it was written with (minutes east of UTC). */
export interface ParsedDate {
  ms: number;
  offsetMin: number;
}

/**
 * Reads export.xml dates ("2024-03-01 08:15:00 -0800") by arithmetic on the digit bytes: a million
 * records hold three million dates, too many for Date.parse. Records come grouped by type and in time
 * order, so the day part is nearly always the previous date's and its epoch day is remembered.
 * Other spellings go through parseTime, which reads an offset when there is one and the user's zone
 * otherwise.
 */
export class DateReader {
  private lastDayKey = -1;
  private lastDayMs = 0;

  constructor(private readonly timeZone: string) {}

  /** Fills `out` and answers true, or answers false when buf[start, end) is not a date. */
  read(buf: Buffer, start: number, end: number, out: ParsedDate): boolean {
    if (end - start === 25) {
      const fixed = this.readFixed(buf, start, out);
      if (fixed !== NOT_FIXED) return fixed === READ;
    }
    const parsed = parseTime(buf.toString('latin1', start, end), this.timeZone);
    if (!parsed) return false;
    out.ms = parsed.ms;
    out.offsetMin = parsed.offsetMin;
    return true;
  }

  private readFixed(b: Buffer, s: number, out: ParsedDate): number {
    if (b[s + 4] !== 0x2d || b[s + 7] !== 0x2d || b[s + 10] !== 0x20 || b[s + 13] !== 0x3a) return NOT_FIXED;
    if (b[s + 16] !== 0x3a || b[s + 19] !== 0x20) return NOT_FIXED;
    const sign = b[s + 20] === 0x2d ? -1 : b[s + 20] === 0x2b ? 1 : 0;
    if (sign === 0) return NOT_FIXED;
    const year = digits4(b, s);
    const month = digits2(b, s + 5);
    const day = digits2(b, s + 8);
    const hour = digits2(b, s + 11);
    const minute = digits2(b, s + 14);
    const second = digits2(b, s + 17);
    const offH = digits2(b, s + 21);
    const offM = digits2(b, s + 23);
    // digits2/4 give a negative number for a non-digit, which every range check below refuses.
    if (year < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60)
      return INVALID;
    if (offH < 0 || offH > 23 || offM < 0 || offM > 59) return INVALID;
    const dayKey = year * 10_000 + month * 100 + day;
    if (dayKey !== this.lastDayKey) {
      if (month < 1 || month > 12 || day < 1 || day > 31) return INVALID;
      const dayMs = Date.UTC(year, month - 1, day);
      // Date.UTC (and Date.parse) roll 2024-02-31 over into March; such a date is not one.
      if (new Date(dayMs).getUTCDate() !== day) return INVALID;
      this.lastDayKey = dayKey;
      this.lastDayMs = dayMs;
    }
    const offsetMin = sign * (offH * 60 + offM);
    out.ms = this.lastDayMs + ((hour * 60 + minute - offsetMin) * 60 + second) * 1000;
    out.offsetMin = offsetMin;
    return READ;
  }
}

function digits2(b: Buffer, i: number): number {
  const a = b[i]! - ZERO;
  const c = b[i + 1]! - ZERO;
  return a >= 0 && a <= 9 && c >= 0 && c <= 9 ? a * 10 + c : -1;
}

function digits4(b: Buffer, i: number): number {
  const hi = digits2(b, i);
  const lo = digits2(b, i + 2);
  return hi < 0 || lo < 0 ? -1 : hi * 100 + lo;
}
