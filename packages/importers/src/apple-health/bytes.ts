/**
 * Byte-level helpers for the export.xml scanner. The scanner never decodes text it does not keep:
 * it compares bytes, and turns only the attribute values it maps into strings or numbers.
 */

export const LT = 0x3c;
export const GT = 0x3e;
export const SLASH = 0x2f;
export const BANG = 0x21;
export const QUESTION = 0x3f;
export const EQUALS = 0x3d;
export const QUOTE = 0x22;
export const APOSTROPHE = 0x27;
const AMPERSAND = 0x26;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;

export const isSpace = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;

/** ASCII bytes of a literal, to compare against the buffer. */
export const ascii = (text: string): Uint8Array => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

/** Whether buf[start, end) holds exactly `expected`. */
export function bytesEqual(buf: Uint8Array, start: number, end: number, expected: Uint8Array): boolean {
  const length = expected.length;
  if (end - start !== length) return false;
  for (let i = 0; i < length; i++) if (buf[start + i] !== expected[i]) return false;
  return true;
}

/** A copy of buf[start, end): the caches keep it after the chunk it came from is gone. */
export const copyBytes = (buf: Uint8Array, start: number, end: number): Uint8Array => buf.slice(start, end);

/**
 * An attribute value as text. Only the five predefined entities and numeric character references are
 * decoded: the DOCTYPE is never read, so `&xxe;` and other declared entities stay literal text.
 */
export function decodeAttribute(buf: Buffer, start: number, end: number): string {
  let plain = true;
  for (let i = start; i < end; i++) {
    const c = buf[i]!;
    if (c >= 0x80 || c === AMPERSAND) {
      plain = false;
      break;
    }
  }
  if (plain) return buf.toString('latin1', start, end);
  const text = buf.toString('utf8', start, end);
  return text.includes('&') ? decodeEntities(text) : text;
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REFERENCE = /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g;

export function decodeEntities(text: string): string {
  return text.replace(REFERENCE, (whole, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    const allowed = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0x10ffff);
    const surrogate = code >= 0xd800 && code <= 0xdfff;
    return allowed && !surrogate ? String.fromCodePoint(code) : whole;
  });
}

const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;

/**
 * The number in buf[start, end), NaN when it is not one. Up to 15 significant digits the integer
 * mantissa and the power of ten are exact doubles, so one correctly rounded division gives the same
 * double as Number() would; anything longer or with an exponent goes through Number().
 * One comma between digits is read as a decimal comma ("72,5"): export.xml never groups thousands,
 * so a comma there can only be a locale's decimal separator.
 */
export function parseNumber(buf: Buffer, start: number, end: number): number {
  let i = start;
  let negative = false;
  if (buf[i] === MINUS) {
    negative = true;
    i++;
  } else if (buf[i] === PLUS) i++;
  let mantissa = 0;
  let digits = 0;
  let decimals = -1;
  for (; i < end; i++) {
    const d = buf[i]! - ZERO;
    if (d >= 0 && d <= 9) {
      mantissa = mantissa * 10 + d;
      digits++;
    } else if (buf[i] === DOT && decimals < 0) decimals = digits;
    else break;
  }
  if (i === end && digits > 0 && digits <= 15) {
    const value = decimals < 0 ? mantissa : mantissa / POW10[digits - decimals]!;
    return negative ? -value : value;
  }
  const text = buf.toString('latin1', start, end).trim();
  if (DECIMAL.test(text)) return Number(text);
  return DECIMAL_COMMA.test(text) ? Number(text.replace(',', '.')) : NaN;
}
