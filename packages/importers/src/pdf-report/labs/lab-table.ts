import { dateOrderOf, isDateCell, readDate, type DateOrder } from '../fields';
import type { PageText, TextCell, TextLine } from '../text/types';

/** What a column of a results table holds. */
export type Role =
  | 'name'
  | 'value'
  | 'inRange'
  | 'outRange'
  | 'flag'
  | 'unit'
  | 'range'
  | 'lab'
  | 'previous'
  | 'loinc'
  | 'method';

/** How one lab prints its results table: the header text of each column, and lines that are never rows. */
export interface TableLayout {
  headers: readonly { role: Role; header: RegExp }[];
  /** Page furniture that may fall inside the table's columns: footers, page numbers, banners. */
  skip?: readonly RegExp[];
  /**
   * Columns headed by a date hold that day's results (cumulative reports): the latest day's column is
   * the result, the others earlier results, and a label left of them ("Date") heads the names.
   */
  dateColumns?: boolean;
}

export interface Column {
  role: Role;
  /** The heading's horizontal extent. */
  x: number;
  right: number;
  /** The extent the column's cells are measured against: the heading's, widened halfway to its neighbours. */
  from: number;
  to: number;
}

/** One table of a header line; a page printed in two columns has two side by side. */
export interface Table {
  columns: Column[];
  /** Cells starting at or right of `from` and left of `to` are this table's. */
  from: number;
  to: number;
  /** The day of a cumulative report's latest column: its results' date. */
  date?: string;
}

/** A line of the table with its cells sorted into columns. */
export interface TableRow {
  line: TextLine;
  pageWidth: number;
  pageHeight: number;
  cells: Partial<Record<Role, TextCell[]>>;
  /** Which of the header's side-by-side tables (0 for the first). */
  table: number;
  /** The results' date when the table says it (a cumulative report's latest column). */
  date?: string;
}

const normal = (text: string) => text.trim().replace(/\s+/g, ' ');

interface Heading {
  role: Role | 'date' | undefined;
  cell: TextCell;
  date?: string;
}

/**
 * The tables a line heads, when it is this layout's header: each needs a name column and a result column
 * and three columns at least. A line naming the test twice heads two tables side by side (a page printed
 * in two columns).
 */
export function headerTables(
  line: TextLine,
  layout: TableLayout,
  order: DateOrder = {},
): Table[] | undefined {
  const headings: Heading[] = line.cells.map((cell) => {
    const text = normal(cell.text);
    const match = layout.headers.find((h) => h.header.test(text));
    if (match) return { role: match.role, cell };
    if (layout.dateColumns && isDateCell(text, order))
      return { role: 'date', cell, date: readDate(text, order) };
    return { role: undefined, cell };
  });
  // A new table starts where the test column is named again.
  const groups: Heading[][] = [[]];
  for (const heading of headings) {
    const group = groups[groups.length - 1]!;
    if (heading.role === 'name' && group.some((h) => h.role === 'name')) groups.push([heading]);
    else group.push(heading);
  }
  const tables: Table[] = [];
  for (const group of groups) {
    const table = tableOf(group);
    if (table) tables.push(table);
  }
  if (tables.length === 0) return undefined;
  for (let i = 0; i < tables.length; i++) {
    const first = tables[i]!.columns[0]!;
    // A table's cells start under its first heading (left-aligned names) or a little left of it.
    tables[i]!.from = i === 0 ? -Infinity : first.x - 3;
    if (i > 0) tables[i - 1]!.to = tables[i]!.from;
  }
  for (const table of tables) zones(table);
  return tables;
}

function tableOf(group: readonly Heading[]): Table | undefined {
  const columns: Column[] = [];
  const add = (role: Role, cell: TextCell) => {
    if (!columns.some((c) => c.role === role)) {
      columns.push({ role, x: cell.x, right: cell.right, from: cell.x, to: cell.right });
    }
  };
  let date: string | undefined;
  const dates = group.filter((h) => h.role === 'date' && h.date);
  if (dates.length > 0) {
    // The latest day is the result; a tie goes to the rightmost column (labs print days left to right).
    const latest = dates.reduce((a, b) => (b.date! >= a.date! ? b : a));
    date = latest.date;
    const label = group.find((h) => h.role === undefined && h.cell.right <= dates[0]!.cell.x);
    if (!group.some((h) => h.role === 'name')) {
      add('name', label?.cell ?? { text: '', x: -Infinity, right: -Infinity, top: 0, bottom: 0 });
    }
    for (const heading of group) {
      if (heading.role === 'date') {
        columns.push({
          role: heading === latest ? 'value' : 'previous',
          x: heading.cell.x,
          right: heading.cell.right,
          from: heading.cell.x,
          to: heading.cell.right,
        });
      } else if (heading.role) add(heading.role, heading.cell);
    }
  } else {
    for (const heading of group) if (heading.role && heading.role !== 'date') add(heading.role, heading.cell);
  }
  const roles = new Set(columns.map((c) => c.role));
  const hasResult = roles.has('value') || roles.has('inRange') || roles.has('outRange');
  if (!roles.has('name') || !hasResult || columns.length < 3) return undefined;
  columns.sort((a, b) => a.x - b.x);
  return { columns, from: -Infinity, to: Infinity, ...(date ? { date } : {}) };
}

/**
 * Each column's extent: its heading's, widened halfway to the neighbouring headings, the ends to the
 * table's. Test names are printed left-aligned and run as long as they need, so the name column reaches
 * to the next heading (a lab-site mark after a long name is the name's).
 */
function zones(table: Table): void {
  const { columns } = table;
  columns.forEach((column, i) => {
    const before = columns[i - 1];
    const after = columns[i + 1];
    column.from = before ? before.to : table.from;
    if (!after) column.to = table.to;
    else if (column.role === 'name') column.to = Math.max(column.right, after.x - 2);
    else column.to = (column.right + after.x) / 2;
  });
}

/** The columns of a line's first table, when the line is this layout's header. */
export function headerColumns(line: TextLine, layout: TableLayout): Column[] | undefined {
  return headerTables(line, layout)?.[0]?.columns;
}

/**
 * The rows of every results table in the document, in reading order. A table starts under its header
 * line; a page without a header continues the previous page's table (a report whose header is printed
 * once). Each cell goes to the column its extent overlaps most; tables side by side are read one after
 * the other, the left one first.
 */
export function tableRows(
  pages: readonly PageText[],
  layout: TableLayout,
  order: DateOrder = layout.dateColumns ? dateOrderOf(pages.flatMap((p) => p.lines.map((l) => l.text))) : {},
): TableRow[] {
  const rows: TableRow[] = [];
  let tables: Table[] | undefined;
  for (const page of pages) {
    // On a page with a header, what is above it (the page's banner) is not part of any table.
    const headed = page.lines.some((line) => headerTables(line, layout, order));
    let inTable = !headed && tables !== undefined;
    let pending: TableRow[][] = [];
    const flush = () => {
      for (const side of pending) rows.push(...side);
      pending = [];
    };
    for (const line of page.lines) {
      const header = headerTables(line, layout, order);
      if (header) {
        flush();
        tables = header;
        inTable = true;
        continue;
      }
      if (!inTable || !tables) continue;
      if (layout.skip?.some((s) => s.test(line.text))) continue;
      tables.forEach((table, i) => {
        const cells = line.cells.filter((c) => c.x >= table.from && c.x < table.to);
        if (cells.length === 0) return;
        (pending[i] ??= []).push({
          line,
          pageWidth: page.width,
          pageHeight: page.height,
          cells: sortCells(cells, table.columns),
          table: i,
          ...(table.date ? { date: table.date } : {}),
        });
      });
    }
    flush();
  }
  return rows;
}

/** How far two extents overlap; negative when they are apart. */
const overlap = (a: { x: number; right: number }, from: number, to: number) =>
  Math.min(a.right, to) - Math.max(a.x, from);

function sortCells(line: readonly TextCell[], columns: readonly Column[]): TableRow['cells'] {
  const cells: TableRow['cells'] = {};
  for (const cell of line) {
    let column = columns[0]!;
    let best = -Infinity;
    for (const c of columns) {
      const o = overlap(cell, c.from, c.to);
      if (o > best) {
        best = o;
        column = c;
      }
    }
    (cells[column.role] ??= []).push(cell);
  }
  return cells;
}

/** The text of a row's column, its cells joined. */
export const textOf = (row: TableRow, role: Role): string | undefined => {
  const cells = row.cells[role];
  return cells ? cells.map((c) => c.text).join(' ') : undefined;
};
