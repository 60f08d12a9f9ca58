import type { ReportResult } from '@healthfolio/core';
import type { PageText } from '../text/types';
import { isKnownTest } from './lab-kinds';
import { labUnit } from './lab-units';
import { readResult, tidyName, type PrintedResult } from './lab-results';
import { numberPattern, readRange, readValue, type NumberFormat } from './values';

/**
 * Results printed as a list without a header row, one a line under a plain title:
 * `name value [flag] [unit] [range] [unit] [flag]` ("Glucose 92 mg/dL 70-99", "Hemoglobin 13.1 g/dL
 * (12.0-15.5)", "WBC 6,3 10^9/L 4,0 - 10,0"). A line is a result by its shape: a known test's name, or
 * any name followed by a number, a unit we read and a range.
 */
export function listResults(
  pages: readonly PageText[],
  options: { lab: string | null; date: string; format: NumberFormat },
): ReportResult[] {
  const results: ReportResult[] = [];
  for (const page of pages) {
    for (const line of page.lines) {
      const printed = resultLine(line.text, options.format);
      if (!printed) continue;
      const result = readResult(printed, {
        id: `p${page.number}-l${line.number}`,
        page: page.number,
        line: line.number,
        cells: line.cells,
        pageWidth: page.width,
        pageHeight: page.height,
        date: options.date,
        lab: options.lab,
        format: options.format,
      });
      if (result) results.push(result);
    }
  }
  return results;
}

/** Lines that name something else: the patient's and the specimen's details, page furniture. */
const NOT_A_TEST =
  /^(?:page|dob|date|age|sex|gender|patient|name|phone|tel|fax|mrn|id|specimen|sample|collected|received|reported|registered|account|physician|doctor|ordered|ordering|npi|address|ref|lab|report|visit|accession|printed|time)\b/i;

const FLAG_TOKEN =
  /^[([]?(?:HH|LL|H|L|A|High|Low|Abnormal|Critical(?: High| Low)?|\*|\+\+?|--?|↑↑?|↓↓?)[)\]]?$/i;
const COMPARATOR_TOKEN = /^(?:<=|>=|=<|=>|<|>|≤|≥)$/;

/** The parts of a result line, or undefined when the line is not one. */
export function resultLine(text: string, format: NumberFormat = {}): PrintedResult | undefined {
  // A result line is a handful of words; a paragraph is not one (and is not worth the search below).
  if (text.length > MAX_LINE) return undefined;
  const tokens = text.trim().split(/\s+/);
  const number = new RegExp(String.raw`^(?:<=|>=|<|>|≤|≥)?${numberPattern(format)}$`);
  for (let i = 1; i < tokens.length; i++) {
    const name = tidyName(tokens.slice(0, i).join(' '));
    if (!/\p{L}.*\p{L}/u.test(name) || /:/.test(name) || NOT_A_TEST.test(name)) continue;
    // The value starts at the first token that is a number (a flag or a comparator may come before it).
    let v = i;
    if (FLAG_TOKEN.test(tokens[v]!) && number.test(tokens[v + 1] ?? '')) v++;
    if (COMPARATOR_TOKEN.test(tokens[v]!) && number.test(tokens[v + 1] ?? '')) v++;
    if (!number.test(tokens[v]!)) continue;
    const parts = restOf(tokens.slice(v + 1), format);
    if (!parts) continue;
    const value = [...tokens.slice(i, v + 1), ...parts.flags].join(' ');
    const read = readValue(value, {}, format);
    if (read?.value == null) continue;
    const range = parts.range ? readRange(parts.range, format).range : null;
    const numericRange = range !== null && (range.low !== undefined || range.high !== undefined);
    const known = isKnownTest(name);
    if (!(known && (parts.unit || numericRange)) && !(parts.unit && numericRange)) continue;
    return { name, value, unit: parts.unit, range: parts.range };
  }
  return undefined;
}

const MAX_LINE = 160;

interface Rest {
  flags: string[];
  unit?: string;
  range?: string;
}

/**
 * After the value: flags, a unit, a range (with its unit) and flags, each optional but in that order;
 * undefined when anything else is left over.
 */
function restOf(tokens: readonly string[], format: NumberFormat): Rest | undefined {
  const rest: Rest = { flags: [] };
  let at = 0;
  while (at < tokens.length && FLAG_TOKEN.test(tokens[at]!)) rest.flags.push(tokens[at++]!);
  const unit = unitAt(tokens, at);
  if (unit) {
    rest.unit = unit.text;
    at += unit.length;
  }
  // The range runs to the end, less trailing flags (and a unit printed after it).
  let end = tokens.length;
  const trailing: string[] = [];
  while (end > at && FLAG_TOKEN.test(tokens[end - 1]!)) trailing.unshift(tokens[--end]!);
  if (end > at) {
    const text = tokens.slice(at, end).join(' ');
    const { range, unit: rangeUnit } = readRange(text, format);
    const bounded = range !== null && (range.low !== undefined || range.high !== undefined);
    const worded = range?.text !== undefined && range.text === text && /^[\p{L} -]+$/u.test(text);
    if (!bounded && !worded) return undefined;
    if (rangeUnit && labUnit(rangeUnit) === undefined) return undefined;
    rest.range = text;
  }
  rest.flags.push(...trailing);
  return rest;
}

/** Units printed with a space: "x 10^9/L", "mL/min/1.73 m2", "% of total Hgb", "mg/g creat". */
const SPACED_UNIT =
  /^(?:(?:x|×)\s+10\S*|10\^?\d*\s+\/\S+|\S+\/1[.,]73\s+m[²2]|%\s+of total \S+|mg\/g creat)$/i;

function unitAt(tokens: readonly string[], at: number): { text: string; length: number } | undefined {
  for (const length of [3, 2]) {
    const text = tokens.slice(at, at + length).join(' ');
    if (tokens.length - at >= length && SPACED_UNIT.test(text)) return { text, length };
  }
  const token = tokens[at];
  if (token === undefined || FLAG_TOKEN.test(token) || (/^[\d<>≤≥([]/.test(token) && !/^10\S*\//.test(token)))
    return undefined;
  if (!/[\p{L}%]/u.test(token) || labUnit(token) === undefined) return undefined;
  return { text: token, length: 1 };
}
