import type { ReportResult } from '@healthfolio/core';

export type ReferenceRange = NonNullable<ReportResult['referenceRange']>;

/** A result cell as printed: "105", "105 H", "<0.5", ">90", "NEGATIVE", "98 High". */
export interface ReadValue {
  /** The number, or the bound of "<0.5"; null for a result that is only text. */
  value: number | null;
  /** The result as printed, without the flag beside it. */
  valueText: string;
  /** A flag printed in the same cell ("H", "High", "Critical"). */
  flag?: string;
}

const COMPARATOR = String.raw`(?:<=|>=|<|>|≤|≥|<\s*OR\s*=|>\s*OR\s*=)`;
const NUMBER = String.raw`[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-+]?\.\d+`;
const FLAG_WORDS = String.raw`HH|LL|H|L|AA|A|C|High|Low|Abnormal|Alert|Critical(?:\s+(?:High|Low))?|Panic(?:\s+(?:High|Low))?`;
const VALUE_CELL = new RegExp(
  String.raw`^(${COMPARATOR}\s*)?(${NUMBER})(?:\s*[*!]?\s*(${FLAG_WORDS})\b\s*[*!]?)?$`,
  'i',
);
const TEXT_FLAG = new RegExp(String.raw`^(.*?[A-Za-z].*?)\s+(${FLAG_WORDS})$`, 'i');

/** Results printed as words. A cell with other text counts only beside a unit or a reference range. */
const TEXT_RESULTS =
  /^(?:negative|positive|non[- ]?reactive|reactive|detected|not detected|none detected|none seen|normal|abnormal|see note:?|see below|not applicable|n\/a|pending|tnp|indeterminate|equivocal|trace|present|absent|clear|cloudy|hazy|yellow|amber|straw|colorless)$/i;

const toNumber = (text: string) => Number(text.replace(/,/g, ''));

/** Reads a result cell; undefined when it is not a result at all (a heading, a sentence). */
export function readValue(
  cell: string,
  beside: { unit?: boolean; range?: boolean } = {},
): ReadValue | undefined {
  const text = cell.trim().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  const numeric = VALUE_CELL.exec(text);
  if (numeric) {
    const valueText = `${numeric[1] ?? ''}${numeric[2]}`.trim();
    const read: ReadValue = { value: toNumber(numeric[2]!), valueText };
    if (numeric[3]) read.flag = numeric[3];
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
  const key = printed?.trim().toUpperCase().replace(/\s+/g, ' ');
  if (!key || key === 'N' || key === 'NORMAL') return null;
  if (key === 'HH' || /^(CRITICAL|PANIC) HIGH$/.test(key)) return 'critical_high';
  if (key === 'LL' || /^(CRITICAL|PANIC) LOW$/.test(key)) return 'critical_low';
  if (key === 'C' || key === 'CRITICAL' || key === 'PANIC' || key === 'ALERT') return 'critical';
  if (key === 'H' || key === 'HIGH') return 'high';
  if (key === 'L' || key === 'LOW') return 'low';
  if (key === 'A' || key === 'AA' || key === 'ABNORMAL') return 'abnormal';
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

const RANGE_BETWEEN = new RegExp(String.raw`^(${NUMBER})\s*(?:-|–|—|to)\s*(${NUMBER})(?=\s|$)`, 'i');
const RANGE_BOUND = new RegExp(String.raw`^(${COMPARATOR})\s*(${NUMBER})(?=\s|$)`, 'i');
const RANGE_WORDS =
  /^(?:negative|positive|non[- ]?reactive|reactive|not detected|none detected|detected|normal|see note:?|see below|not estab\.?|not established|n\/a|clear|yellow)(?=\s|$)/i;

/** Trailing remarks that belong to neither the range nor the unit. */
const REMARKS = /\s*\((?:calc|calculated)\)\s*$/i;

/**
 * A reference range as printed, with a unit that may follow it (Quest writes "65-99 mg/dL" in one
 * column): "70-99", "<200", "> OR = 40", "≤5.6", "0.0-4.0", "Negative", "See Note", "mg/dL (calc)".
 * Bounds are numbers; a range that is not two numbers keeps its printed form in `text`.
 */
export function readRange(cell: string): { range: ReferenceRange | null; unit: string | null } {
  const text = cell.trim().replace(/\s+/g, ' ').replace(REMARKS, '');
  if (text === '') return { range: null, unit: null };
  const between = RANGE_BETWEEN.exec(text);
  if (between) {
    return {
      range: { low: toNumber(between[1]!), high: toNumber(between[2]!) },
      unit: unitOrNull(text.slice(between[0].length)),
    };
  }
  const bound = RANGE_BOUND.exec(text);
  if (bound) {
    const comparator = bound[1]!.replace(/\s+/g, ' ').toUpperCase();
    const limit = toNumber(bound[2]!);
    const printed = text.slice(0, bound[0].length);
    const range: ReferenceRange =
      comparator.startsWith('<') || comparator === '≤' ? { high: limit } : { low: limit };
    return { range: { ...range, text: printed }, unit: unitOrNull(text.slice(bound[0].length)) };
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

/** A unit as labs print it, without remarks: "% of total Hgb" is "%", "mg/dL (calc)" is "mg/dL". */
export function cleanUnit(printed: string): string {
  return printed
    .trim()
    .replace(REMARKS, '')
    .replace(/^%\s+of total (?:hgb|hemoglobin)$/i, '%')
    .trim();
}

const looksLikeUnit = (text: string) =>
  text.length <= 24 && !/\s{2,}/.test(text) && /[/%]|^[a-zµμ]{1,6}$/i.test(text);
