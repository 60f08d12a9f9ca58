import { parseTime } from '@healthfolio/core';

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
 * Reads export.xml dates ("2024-03-01 08:15:00 -0800", and iOS 8's "20150321093000-0700") by
 * arithmetic on the digit bytes: a million records hold three million dates, too many for Date.parse.
 * Records come grouped by type and in time order, so the day part is nearly always the previous date's
 * and its epoch day is remembered. Other spellings go through parseTime, which reads an offset when
 * there is one and the user's zone otherwise.
 */
export class DateReader {
  private lastDayKey = -1;
  private lastDayMs = 0;

  constructor(private readonly timeZone: string) {}

  /** Fills `out` and answers true, or answers false when buf[start, end) is not a date. */
  read(buf: Buffer, start: number, end: number, out: ParsedDate): boolean {
    const length = end - start;
    if (length === 25) {
      const fixed = this.readFixed(buf, start, out);
      if (fixed !== NOT_FIXED) return fixed === READ;
    } else if (length === 19) {
      const compact = this.readCompact(buf, start, out);
      if (compact !== NOT_FIXED) return compact === READ;
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
    const sign = signOf(b[s + 20]);
    if (sign === 0) return NOT_FIXED;
    return this.compose(
      digits4(b, s),
      digits2(b, s + 5),
      digits2(b, s + 8),
      digits2(b, s + 11),
      digits2(b, s + 14),
      digits2(b, s + 17),
      sign,
      digits2(b, s + 21),
      digits2(b, s + 23),
      out,
    );
  }

  /** Exports of iOS 8 write dates without separators: "20150321093000-0700". */
  private readCompact(b: Buffer, s: number, out: ParsedDate): number {
    const sign = signOf(b[s + 14]);
    if (sign === 0 || digits4(b, s) < 0) return NOT_FIXED;
    return this.compose(
      digits4(b, s),
      digits2(b, s + 4),
      digits2(b, s + 6),
      digits2(b, s + 8),
      digits2(b, s + 10),
      digits2(b, s + 12),
      sign,
      digits2(b, s + 15),
      digits2(b, s + 17),
      out,
    );
  }

  // prettier-ignore
  private compose(
    year: number, month: number, day: number, hour: number, minute: number, second: number,
    sign: number, offH: number, offM: number, out: ParsedDate,
  ): number {
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

const signOf = (c: number | undefined) => (c === 0x2d ? -1 : c === 0x2b ? 1 : 0);

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
