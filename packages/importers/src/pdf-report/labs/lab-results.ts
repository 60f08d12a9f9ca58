import type { ReportResult } from '@healthfolio/core';
import { regionOf } from '../report';
import type { PageText, TextCell } from '../text/types';
import { labKind } from './lab-kinds';
import { tableRows, textOf, type TableLayout, type TableRow } from './lab-table';
import { directCritical, readFlag, readRange, readValue } from './values';

export interface LabTableOptions {
  layout: TableLayout;
  lab: string | null;
  /** The specimen's collection day, every result's date. */
  date: string;
  /** Tidies a printed name: Labcorp's lab-site superscripts, footnote marks. */
  cleanName?: (name: string) => string;
}

/**
 * The results of a lab's tables: one per row with a name and a value. A row with a name and no value is
 * a panel heading, a comment, or the first line of a wrapped name, which the next row without a name
 * takes as its own.
 */
export function labResults(pages: readonly PageText[], options: LabTableOptions): ReportResult[] {
  const results: ReportResult[] = [];
  let pending: { name: string; row: TableRow } | undefined;
  for (const row of tableRows(pages, options.layout)) {
    const rawName = textOf(row, 'name')?.trim() ?? '';
    const name = (options.cleanName ?? tidyName)(rawName);
    const result = readRow(row, name || pending?.name || '', options, name ? undefined : pending?.row);
    if (result) {
      results.push(result);
      pending = undefined;
    } else if (name) {
      pending = { name, row };
    }
  }
  return results;
}

function readRow(
  row: TableRow,
  name: string,
  options: LabTableOptions,
  nameRow: TableRow | undefined,
): ReportResult | undefined {
  if (!name) return undefined;
  const rangeText = textOf(row, 'range');
  const unitText = textOf(row, 'unit')?.trim() || undefined;
  const outOfRange = textOf(row, 'outRange');
  const valueCell = textOf(row, 'value') ?? textOf(row, 'inRange') ?? outOfRange;
  if (valueCell === undefined) return undefined;
  const read = readValue(valueCell, { unit: unitText !== undefined, range: rangeText !== undefined });
  if (!read) return undefined;

  const { range, unit: rangeUnit } = rangeText ? readRange(rangeText) : { range: null, unit: null };
  const unit = unitText ?? rangeUnit;
  const printedFlag = textOf(row, 'flag')?.trim() || read.flag;
  const flag = directCritical(readFlag(printedFlag), read.value, range);
  const loinc = textOf(row, 'loinc')?.trim() || undefined;
  const { kind, loinc: knownLoinc } = labKind(name, unit, read.value !== null, loinc);
  const cells: TextCell[] = Object.entries(row.cells)
    .filter(([role]) => role !== 'previous' && role !== 'lab')
    .flatMap(([, c]) => c);
  if (nameRow && nameRow.line.page === row.line.page) cells.push(...(nameRow.cells.name ?? []));
  return {
    id: `p${row.line.page}-l${row.line.number}`,
    name,
    kind,
    value: read.value,
    valueText: read.valueText,
    unit,
    referenceRange: range,
    flag,
    date: options.date,
    lab: options.lab,
    loinc: knownLoinc,
    line: row.line.number,
    region: regionOf(row.line.page, cells, row.pageWidth, row.pageHeight),
  };
}

/** Footnote marks and doubled spaces out of a printed test name. */
export const tidyName = (name: string): string =>
  name
    .replace(/[*†‡§]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
