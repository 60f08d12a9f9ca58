// Over 300 lines: how lab reports print values, flags and ranges; each pattern builds on those before it.
import type { ReportResult } from '@healthfolio/core';
import type { PageText } from '../text/types';

export type ReferenceRange = NonNullable<ReportResult['referenceRange']>;

/** How a report writes its numbers: "5.4" and "1,250", or (European and some other labs) "5,4". */
export interface NumberFormat {
  decimalComma?: boolean;
}

/** A result cell as printed: "105", "105 H", "<0.5", ">90", "NEGATIVE", "98 High", "H 8.52", "5,4 +". */
export interface ReadValue {
  /** The number, or the bound of "<0.5"; null for a result that is only text. */
  value: number | null;
  /** The result as printed, without the flag beside it. */
  valueText: string;
  /** A flag printed in the same cell ("H", "High", "Critical", "+", "↑"). */
  flag?: string;
}

const COMPARATOR = String.raw`(?:<\s*OR\s*=|>\s*OR\s*=|<\/=|>\/=|<=|>=|=<|=>|<|>|≤|≥)`;
/** "1,250" is a thousand and more ("1,50,000" in Indian grouping); "5.4" a decimal. */
const POINT_NUMBER = String.raw`[-+]?(?:(?:\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})+,\d{3}|\d+)(?:\.\d+)?|\.\d+)`;
/** "5,4", "0,92", "1.250,5"; a point still reads as a decimal ("5.4"). */
const COMMA_NUMBER = String.raw`[-+]?(?:\d{1,3}(?:\.\d{3})+,\d+|\d+(?:[.,]\d+)?|[.,]\d+)`;
export const numberPattern = (format: NumberFormat = {}): string =>
  format.decimalComma ? COMMA_NUMBER : POINT_NUMBER;

const FLAG_WORDS = String.raw`HH|LL|H|L|AA|A|C|High|Low|Abnormal|Alert|Critical(?:\s+(?:High|Low))?|Panic(?:\s+(?:High|Low))?`;
/** Flags printed as marks: "+" and "-" (German labs), arrows, a star. */
const FLAG_MARKS = String.raw`\+\+|--|\+|-|↑↑|↓↓|↑|↓|\*`;
/** A flag after a value: a word or a mark, maybe in parentheses or brackets: "H", "(High)", "[L]", "+". */
const TRAILING_FLAG = String.raw`(?:\s*[*!]?\s*[([]?(${FLAG_WORDS}|${FLAG_MARKS})[)\]]?(?![A-Za-z])\s*[*!]?)`;
/** A flag before a value (Indian labs print "H 8.52"). */
const LEADING_FLAG = String.raw`(?:(HH|LL|H|L|High|Low|↑|↓|\*)\s+)`;

const cache = new Map<string, RegExp>();
const compiled = (key: string, build: () => string, flags = 'i'): RegExp => {
  let re = cache.get(key);
  if (!re) {
    re = new RegExp(build(), flags);
    cache.set(key, re);
  }
  return re;
};

const valueCell = (format: NumberFormat) =>
  compiled(
    `value:${format.decimalComma ? ',' : '.'}`,
    () => String.raw`^${LEADING_FLAG}?(${COMPARATOR}\s*)?(${numberPattern(format)})${TRAILING_FLAG}?$`,
  );
const TEXT_FLAG = new RegExp(String.raw`^(.*?[A-Za-z].*?)\s+[([]?(${FLAG_WORDS})[)\]]?$`, 'i');

/** Results printed as words. A cell with other text counts only beside a unit or a reference range. */
const TEXT_RESULTS =
  /^(?:negative|positive|non[- ]?reactive|reactive|detected|not detected|none detected|none seen|normal|abnormal|see note:?|see below|not applicable|n\/a|pending|tnp|indeterminate|equivocal|trace|present|absent|clear|cloudy|hazy|yellow|amber|straw|colorless|negativ|positiv|nicht nachweisbar|nachweisbar|négatif|positif|negatief|positief)$/i;

const MAX_RESULT_CELL = 80;

/** A number as printed, in the report's way of writing numbers. */
export function toNumber(text: string, format: NumberFormat = {}): number {
  const t = text.replace(/\s+/g, '');
  if (!format.decimalComma) return Number(t.replace(/,/g, ''));
  const grouped = /\.\d{3}.*,/.test(t) ? t.replace(/\./g, '') : t;
  return Number(grouped.replace(',', '.'));
}

/** Reads a result cell; undefined when it is not a result at all (a heading, a sentence). */
export function readValue(
  cell: string,
  beside: { unit?: boolean; range?: boolean } = {},
  format: NumberFormat = {},
): ReadValue | undefined {
  const text = cell.trim().replace(/\s+/g, ' ');
  // A result is a few words at most; a longer cell is a sentence (and no regex should chew on it).
  if (text === '' || text.length > MAX_RESULT_CELL) return undefined;
  const numeric = valueCell(format).exec(text);
  if (numeric) {
    const valueText = `${numeric[2] ?? ''}${numeric[3]}`.trim();
    const read: ReadValue = { value: toNumber(numeric[3]!, format), valueText };
    const flag = numeric[4] ?? numeric[1];
    if (flag) read.flag = flag;
    return read;
  }
  const worded = TEXT_FLAG.exec(text);
  const [words, flag] = worded && TEXT_RESULTS.test(worded[1]!) ? [worded[1]!, worded[2]] : [text, undefined];
  if (!TEXT_RESULTS.test(words) && !beside.unit && !beside.range) return undefined;
  if (words.length > 60) return undefined;
  return flag ? { value: null, valueText: words, flag } : { value: null, valueText: words };
}

/** A flag as printed, as the result's flag; null for none or "N". */
export function readFlag(printed: string | undefined): string | null {
  const key = printed
    ?.trim()
    .replace(/^[([]|[)\]]$/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ');
  if (!key || key === 'N' || key === 'NORMAL') return null;
  if (key === 'HH' || /^(CRITICAL|PANIC) HIGH$/.test(key)) return 'critical_high';
  if (key === 'LL' || /^(CRITICAL|PANIC) LOW$/.test(key)) return 'critical_low';
  if (key === 'C' || key === 'CRITICAL' || key === 'PANIC' || key === 'ALERT') return 'critical';
  if (key === 'H' || key === 'HIGH' || /^(?:\+\+?|↑↑?)$/.test(key)) return 'high';
  if (key === 'L' || key === 'LOW' || /^(?:--?|↓↓?)$/.test(key)) return 'low';
  if (key === 'A' || key === 'AA' || key === 'ABNORMAL') return 'abnormal';
  // A star marks a result out of range without saying which way: the range says.
  if (key === '*') return 'marked';
  return null;
}

/** A critical flag that does not say which way: the reference range does. */
export function directCritical(
  flag: string | null,
  value: number | null,
  range: ReferenceRange | null,
): string | null {
  if (flag !== 'critical') return flag;
  if (value !== null && range?.low !== undefined && value < range.low) return 'critical_low';
  return 'critical_high';
}

/** The printed flag a stored result keeps as its interpretation (HL7 v2 abnormal flags). */
export const INTERPRETATION: Record<string, string> = {
  high: 'H',
  low: 'L',
  critical_high: 'HH',
  critical_low: 'LL',
  abnormal: 'A',
};

/** A bound the value must stay below (or above) without reaching it: "<200", "less than 5.7", ">59". */
const STRICT_HIGH =
  /^(?:<(?!\s*(?:=|OR\s*=|\/=))|less than|lower than|below|under|unter|kleiner als|inf[ée]rieur [àa])/i;
const STRICT_LOW =
  /^(?:>(?!\s*(?:=|OR\s*=|\/=))|greater than|more than|higher than|above|over|über|größer als|sup[ée]rieur [àa])/i;

const POSITIVE = /^(?:positive|reactive|detected|present|positiv|positif|positief|nachweisbar)$/i;
const NEGATIVE =
  /^(?:negative|non[- ]?reactive|not detected|none detected|absent|negativ|n[ée]gatif|negatief|nicht nachweisbar)$/i;

/**
 * The flag a result has against its printed range when the lab prints none: low, high, or for a word
 * against a negative range ("POSITIVE" where "Negative" is normal) abnormal; null when it is in range or
 * the range cannot say. "<0.5" is below 0.5, so it is low only when 0.5 is at or below the low bound.
 */
export function flagFromRange(
  read: Pick<ReadValue, 'value' | 'valueText'>,
  range: ReferenceRange | null,
): string | null {
  if (!range) return null;
  if (read.value === null) {
    return range.text && NEGATIVE.test(range.text) && POSITIVE.test(read.valueText) ? 'abnormal' : null;
  }
  const value = read.value;
  const text = range.text?.trim() ?? '';
  const strictHigh = range.high !== undefined && range.low === undefined && STRICT_HIGH.test(text);
  const strictLow = range.low !== undefined && range.high === undefined && STRICT_LOW.test(text);
  const below = /^(?:<|≤)/.test(read.valueText);
  const above = /^(?:>|≥)/.test(read.valueText);
  if (range.low !== undefined && !above) {
    if (below ? value <= range.low : strictLow ? value <= range.low : value < range.low) return 'low';
  }
  if (range.high !== undefined && !below) {
    if (above ? value >= range.high : strictHigh ? value >= range.high : value > range.high) return 'high';
  }
  return null;
}

/**
 * The result's flag: the lab's own when it prints one (a critical one keeps its direction from the
 * range), else the one its range gives. A star ("5.6 *") marks it out of range; the range says which way.
 */
export function resultFlag(
  printed: string | undefined,
  read: Pick<ReadValue, 'value' | 'valueText'>,
  range: ReferenceRange | null,
  options: { derive?: boolean } = {},
): string | null {
  const flag = readFlag(printed);
  if (flag === 'marked') return flagFromRange(read, range) ?? 'abnormal';
  if (flag !== null) return directCritical(flag, read.value, range);
  return options.derive === false ? null : flagFromRange(read, range);
}

const rangeBetween = (format: NumberFormat) =>
  compiled(
    `between:${format.decimalComma ? ',' : '.'}`,
    () =>
      String.raw`^(${numberPattern(format)})\s*(?:-|–|—|to|bis|à|tot)\s*(${numberPattern(format)})(?=\s|$)`,
  );
const rangeBound = (format: NumberFormat) =>
  compiled(
    `bound:${format.decimalComma ? ',' : '.'}`,
    () => String.raw`^(${COMPARATOR}|up\s*to|bis|ab)\s*(${numberPattern(format)})(?=\s|$)`,
  );
const rangeWordsBefore = (format: NumberFormat) =>
  compiled(
    `words-before:${format.decimalComma ? ',' : '.'}`,
    () =>
      String.raw`^(less than|lower than|below|under|unter|kleiner als|inf[ée]rieur [àa]|greater than|more than|higher than|above|over|über|größer als|sup[ée]rieur [àa])\s*(${numberPattern(format)})(?=\s|$)`,
  );
const rangeWordsAfter = (format: NumberFormat) =>
  compiled(
    `words-after:${format.decimalComma ? ',' : '.'}`,
    () =>
      String.raw`^(${numberPattern(format)})\s*(or more|or greater|or above|and above|or higher|or less|or below|or lower|and below)(?=\s|$)`,
  );
const RANGE_WORDS =
  /^(?:negative|positive|non[- ]?reactive|reactive|not detected|none detected|detected|normal|see note:?|see below|not estab\.?|not established|n\/a|clear|yellow|negativ|nicht nachweisbar|n[ée]gatif|negatief)(?=\s|$)/i;

/** Longer range cells are kept as text without being read. */
const MAX_RANGE_CELL = 120;

/** Trailing remarks that belong to neither the range nor the unit. */
const REMARKS = /\s*\((?:calc|calculated)\)\s*$/i;

/**
 * A reference range as printed, with a unit that may follow it (Quest writes "65-99 mg/dL" in one
 * column): "70-99", "3,5 - 5,1", "(135-145)", "<200", "> OR = 40", "≤5.6", "up to 5.6", "60 or more",
 * "less than 5.7", "greater than 59", "Negative", "See Note", "mg/dL (calc)". Bounds are numbers; a range
 * that is not two numbers keeps its printed form in `text`.
 */
export function readRange(
  cell: string,
  format: NumberFormat = {},
): { range: ReferenceRange | null; unit: string | null } {
  let text = cell.trim().replace(/\s+/g, ' ');
  if (text.length > MAX_RANGE_CELL) return { range: { text: text.slice(0, MAX_RANGE_CELL) }, unit: null };
  text = text.replace(REMARKS, '');
  // Labs that print the range in parentheses or brackets: "(135-145)", "[3.5 - 5.1] mmol/L".
  const enclosed = /^[([]\s*([^()[\]]+?)\s*[)\]](.*)$/.exec(text);
  if (enclosed) text = `${enclosed[1]}${enclosed[2]}`.trim();
  if (text === '') return { range: null, unit: null };
  const between = rangeBetween(format).exec(text);
  if (between) {
    return {
      range: { low: toNumber(between[1]!, format), high: toNumber(between[2]!, format) },
      unit: unitOrNull(text.slice(between[0].length)),
    };
  }
  const bound = rangeBound(format).exec(text) ?? rangeWordsBefore(format).exec(text);
  if (bound) {
    const word = bound[1]!.replace(/\s+/g, ' ').toLowerCase();
    const limit = toNumber(bound[2]!, format);
    const printed = text.slice(0, bound[0].length);
    const upper =
      word.startsWith('<') ||
      word.startsWith('=<') ||
      word === '≤' ||
      /^(?:up ?to|bis|less|lower|below|under|unter|kleiner|inf)/.test(word);
    const range: ReferenceRange = upper ? { high: limit } : { low: limit };
    return { range: { ...range, text: printed }, unit: unitOrNull(text.slice(bound[0].length)) };
  }
  const after = rangeWordsAfter(format).exec(text);
  if (after) {
    const limit = toNumber(after[1]!, format);
    const upper = /less|below|lower/i.test(after[2]!);
    const printed = text.slice(0, after[0].length);
    const range: ReferenceRange = upper ? { high: limit } : { low: limit };
    return { range: { ...range, text: printed }, unit: unitOrNull(text.slice(after[0].length)) };
  }
  const words = RANGE_WORDS.exec(text);
  if (words) return { range: { text: words[0] }, unit: unitOrNull(text.slice(words[0].length)) };
  // No range, only a unit ("mg/dL (calc)"), or a range in words we do not know: keep it as text.
  if (looksLikeUnit(text)) return { range: null, unit: cleanUnit(text) };
  return { range: { text }, unit: null };
}

function unitOrNull(rest: string): string | null {
  const unit = cleanUnit(rest);
  return unit === '' ? null : unit;
}

/**
 * A unit as labs print it, without remarks: "% of total Hgb" is "%", "mg/dL (calc)" is "mg/dL". The
 * micro prefix is the micro sign whichever character the PDF has ("μg/dL" → "µg/dL").
 */
export function cleanUnit(printed: string): string {
  return printed
    .trim()
    .replace(/\u03bc/g, '\u00b5')
    .replace(REMARKS, '')
    .replace(/^%\s+of total (?:hgb|hemoglobin)$/i, '%')
    .trim();
}

const looksLikeUnit = (text: string) =>
  text.length <= 24 && !/\s{2,}/.test(text) && /[/%]|^[a-zµμ]{1,6}$/i.test(text);

/** "5,4", "0,92", "3,5 - 5,1": a number with a comma and one or two decimals, not a thousands group. */
const COMMA_DECIMAL = /(?<![\d.,])\d{1,4},\d{1,2}(?![\d,])/g;
/** "5.4", "0.92"; a date ("14.11.2026") is not one. */
const POINT_DECIMAL = /(?<![\d.,])\d+\.\d+(?![\d.])/g;

/**
 * Whether a report writes decimals with a comma (European and some other labs: "5,4", "3,5 - 5,1"): it
 * prints at least two such numbers and more of them than numbers with a decimal point.
 */
export function numberFormatOf(pages: readonly PageText[]): NumberFormat {
  let commas = 0;
  let points = 0;
  for (const page of pages) {
    for (const line of page.lines) {
      commas += line.text.match(COMMA_DECIMAL)?.length ?? 0;
      points += line.text.match(POINT_DECIMAL)?.length ?? 0;
    }
  }
  return commas >= 2 && commas > points ? { decimalComma: true } : {};
}
