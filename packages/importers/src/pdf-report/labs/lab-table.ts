import type { PageText, TextCell, TextLine } from '../text/types';

/** What a column of a results table holds. */
export type Role =
  'name' | 'value' | 'inRange' | 'outRange' | 'flag' | 'unit' | 'range' | 'lab' | 'previous' | 'loinc';

/** How one lab prints its results table: the header text of each column, and lines that are never rows. */
export interface TableLayout {
  headers: readonly { role: Role; header: RegExp }[];
  /** Page furniture that may fall inside the table's columns: footers, page numbers, banners. */
  skip?: readonly RegExp[];
}

export interface Column {
  role: Role;
  x: number;
}

/** A line of the table with its cells sorted into columns. */
export interface TableRow {
  line: TextLine;
  pageWidth: number;
  pageHeight: number;
  cells: Partial<Record<Role, TextCell[]>>;
}

/** A cell may start a little left of its column's heading (numbers aligned on their decimal point). */
const SLACK = 8;

/** The columns a line names, when it is this layout's header (a name column and a result column at least). */
export function headerColumns(line: TextLine, layout: TableLayout): Column[] | undefined {
  const columns: Column[] = [];
  for (const cell of line.cells) {
    const text = cell.text.trim().replace(/\s+/g, ' ');
    const match = layout.headers.find((h) => h.header.test(text));
    if (match && !columns.some((c) => c.role === match.role)) columns.push({ role: match.role, x: cell.x });
  }
  const roles = new Set(columns.map((c) => c.role));
  const hasResult = roles.has('value') || roles.has('inRange') || roles.has('outRange');
  if (!roles.has('name') || !hasResult || columns.length < 3) return undefined;
  return columns.sort((a, b) => a.x - b.x);
}

/**
 * The rows of every results table in the document, in reading order. A table starts under its header
 * line; a page without a header continues the previous page's table (a report whose header is printed
 * once). Cells go to the column whose heading starts at or left of them.
 */
export function tableRows(pages: readonly PageText[], layout: TableLayout): TableRow[] {
  const rows: TableRow[] = [];
  let columns: Column[] | undefined;
  for (const page of pages) {
    // On a page with a header, what is above it (the page's banner) is not part of any table.
    const headed = page.lines.some((line) => headerColumns(line, layout));
    let inTable = !headed && columns !== undefined;
    for (const line of page.lines) {
      const header = headerColumns(line, layout);
      if (header) {
        columns = header;
        inTable = true;
        continue;
      }
      if (!inTable || !columns) continue;
      if (layout.skip?.some((s) => s.test(line.text))) continue;
      rows.push({ line, pageWidth: page.width, pageHeight: page.height, cells: sortCells(line, columns) });
    }
  }
  return rows;
}

function sortCells(line: TextLine, columns: readonly Column[]): TableRow['cells'] {
  const cells: TableRow['cells'] = {};
  for (const cell of line.cells) {
    let column = columns[0]!;
    for (const c of columns) if (c.x <= cell.x + SLACK) column = c;
    (cells[column.role] ??= []).push(cell);
  }
  return cells;
}

/** The text of a row's column, its cells joined. */
export const textOf = (row: TableRow, role: Role): string | undefined => {
  const cells = row.cells[role];
  return cells ? cells.map((c) => c.text).join(' ') : undefined;
};
