import type { ReportResult } from '@healthfolio/core';
import type { DateOrder } from '../fields';
import { regionOf } from '../report';
import type { PageText, TextCell } from '../text/types';
import { labKind } from './lab-kinds';
import { labUnit } from './lab-units';
import { tableRows, textOf, type TableLayout, type TableRow } from './lab-table';
import { cleanUnit, numberFormatOf, readRange, readValue, resultFlag, type NumberFormat } from './values';

export interface LabTableOptions {
  layout: TableLayout;
  lab: string | null;
  /** The specimen's collection day, every result's date (unless its table dates it). */
  date: string;
  /** Tidies a printed name: Labcorp's lab-site superscripts, footnote marks. */
  cleanName?: (name: string) => string;
  /** How the report writes numbers; read from its text when not given. */
  format?: NumberFormat;
  /** How it writes dates (a cumulative report's days); read from its text when not given. */
  order?: DateOrder;
}

/**
 * The results of a lab's tables: one per row with a name and a value. A row with a name and no value is
 * a panel heading, a comment, or the first line of a wrapped name, which the next row without a name
 * takes as its own.
 */
export function labResults(pages: readonly PageText[], options: LabTableOptions): ReportResult[] {
  const format = options.format ?? numberFormatOf(pages);
  const results: ReportResult[] = [];
  let pending: { name: string; row: TableRow } | undefined;
  for (const row of tableRows(pages, options.layout, options.order)) {
    if (pending && pending.row.table !== row.table) pending = undefined;
    const rawName = textOf(row, 'name')?.trim() ?? '';
    const name = (options.cleanName ?? tidyName)(rawName);
    const cells = rowCells(row, name ? undefined : pending?.row);
    const result = readResult(
      {
        name: name || pending?.name || '',
        value: textOf(row, 'value') ?? textOf(row, 'inRange') ?? textOf(row, 'outRange'),
        inRange: row.cells.value === undefined && row.cells.inRange !== undefined,
        flag: textOf(row, 'flag'),
        unit: textOf(row, 'unit'),
        range: textOf(row, 'range'),
        loinc: textOf(row, 'loinc'),
      },
      {
        id: `p${row.line.page}-l${row.line.number}${row.table > 0 ? `-c${row.table + 1}` : ''}`,
        page: row.line.page,
        line: row.line.number,
        cells,
        pageWidth: row.pageWidth,
        pageHeight: row.pageHeight,
        date: row.date ?? options.date,
        lab: options.lab,
        format,
      },
    );
    if (result) {
      results.push(result);
      pending = undefined;
    } else if (name) {
      pending = { name, row };
    }
  }
  return results;
}

/** The cells a result was read from, for its region: not the previous results, not the lab's code. */
function rowCells(row: TableRow, nameRow: TableRow | undefined): TextCell[] {
  const cells = Object.entries(row.cells)
    .filter(([role]) => role !== 'previous' && role !== 'lab' && role !== 'method')
    .flatMap(([, c]) => c);
  if (nameRow && nameRow.line.page === row.line.page) cells.push(...(nameRow.cells.name ?? []));
  return cells;
}

/** One result as printed: each part's text, wherever the layout found it. */
export interface PrintedResult {
  name: string;
  /** The result cell ("105 H", "<0.5", "NEGATIVE"); undefined when the row has none. */
  value: string | undefined;
  /** The result sat in a column for results in range (Quest's "In Range"): the lab says it is. */
  inRange?: boolean;
  flag?: string | undefined;
  unit?: string | undefined;
  range?: string | undefined;
  loinc?: string | undefined;
}

/** Where a result was printed and what the whole report says about it. */
export interface ResultPlace {
  id: string;
  page: number;
  line: number;
  cells: readonly TextCell[];
  pageWidth: number;
  pageHeight: number;
  date: string;
  lab: string | null;
  format: NumberFormat;
}

/**
 * A result from its printed parts, or undefined when they are not one (no name, no value, a sentence).
 * The flag is the lab's when it prints one, else the printed range's ("5.9" against "4.0-5.6" is high);
 * a value cell that also holds the unit ("5.4 mmol/L", a unit cell drawn too close) gives both.
 */
export function readResult(printed: PrintedResult, place: ResultPlace): ReportResult | undefined {
  const { name } = printed;
  const { format } = place;
  if (!name || printed.value === undefined) return undefined;
  let unitText = (printed.unit && cleanUnit(printed.unit)) || undefined;
  let valueText = printed.value;
  if (unitText === undefined && readValue(valueText, {}, format)?.value == null) {
    const split = splitUnit(valueText, format);
    if (split) [valueText, unitText] = [split[0], cleanUnit(split[1])];
  }
  const rangeText = printed.range;
  const read = readValue(valueText, { unit: unitText !== undefined, range: rangeText !== undefined }, format);
  if (!read) return undefined;

  const { range, unit: rangeUnit } = rangeText ? readRange(rangeText, format) : { range: null, unit: null };
  const unit = unitText ?? rangeUnit;
  const printedFlag = printed.flag?.trim() || read.flag;
  const flag = resultFlag(printedFlag, read, range, { derive: !printed.inRange });
  const loinc = printed.loinc?.trim() || undefined;
  const { kind, loinc: knownLoinc } = labKind(name, unit, read.value !== null, loinc);
  return {
    id: place.id,
    name,
    kind,
    value: read.value,
    valueText: read.valueText,
    unit,
    referenceRange: range,
    flag,
    date: place.date,
    lab: place.lab,
    loinc: knownLoinc,
    line: place.line,
    region: regionOf(place.page, place.cells, place.pageWidth, place.pageHeight),
  };
}

/**
 * "5.4 mmol/L" → ["5.4", "mmol/L"]; "105 H mg/dL" → ["105 H", "mg/dL"]: a result cell that ends in a
 * unit we can read. Undefined when it does not.
 */
function splitUnit(cell: string, format: NumberFormat): [string, string] | undefined {
  if (cell.length > 40) return undefined;
  const m = /^(.*?\d.*?)\s+(\S+(?:\s\S+)?)$/.exec(cell.trim());
  if (!m) return undefined;
  for (const [value, unit] of [
    [m[1]!, m[2]!],
    [`${m[1]!} ${m[2]!.split(' ')[0]}`, m[2]!.split(' ')[1]],
  ] as const) {
    if (!unit || /^[([]?(?:H|L|HH|LL|A|N|C|High|Low|Abnormal|Critical)[)\]]?$/i.test(unit)) continue;
    if (/^\d|^[<>≤≥]/.test(unit) || labUnit(unit) === undefined) continue;
    if (readValue(value, {}, format)?.value != null) return [value, unit];
  }
  return undefined;
}

/** Footnote marks, dot leaders ("GLYCEMIE ........") and doubled spaces out of a printed test name. */
export const tidyName = (name: string): string =>
  name
    .replace(/\s*(?:\.\s*){3,}$/u, '')
    .replace(/[*†‡§]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
