import { describe, expect, it } from 'vitest';
import type { PageText, TextCell, TextLine } from '../text/types';
import { headerTables, tableRows, textOf, type TableLayout } from './lab-table';

const layout: TableLayout = {
  headers: [
    { role: 'name', header: /^test$/i },
    { role: 'value', header: /^result$/i },
    { role: 'previous', header: /^previous$/i },
    { role: 'unit', header: /^units$/i },
    { role: 'range', header: /^range$/i },
  ],
  dateColumns: true,
};

const cell = (text: string, x: number, right: number): TextCell => ({ text, x, right, top: 0, bottom: 9 });
const line = (number: number, ...cells: TextCell[]): TextLine => ({
  page: 1,
  number,
  top: 0,
  bottom: 9,
  cells,
  text: cells.map((c) => c.text).join(' '),
});
const page = (...lines: TextLine[]): PageText => ({ number: 1, width: 612, height: 792, lines });

describe('cells into columns by overlap', () => {
  const header = line(
    1,
    cell('Test', 40, 58),
    cell('Result', 200, 227),
    cell('Previous', 262, 300),
    cell('Units', 372, 394),
    cell('Range', 450, 475),
  );

  it('keeps a centred unit wider than its heading a unit, and a previous result apart', () => {
    const row = line(
      2,
      cell('eGFR', 40, 60),
      cell('91', 200, 210),
      cell('95 08/14/2026', 262, 318),
      // Centred on "Units", starting 19 points left of it.
      cell('mL/min/1.73m2', 353, 413),
      cell('>59', 450, 465),
    );
    const [read] = tableRows([page(header, row)], layout);
    expect(textOf(read!, 'unit')).toBe('mL/min/1.73m2');
    expect(textOf(read!, 'value')).toBe('91');
    expect(textOf(read!, 'previous')).toBe('95 08/14/2026');
  });

  it('gives a number right-aligned a little left of its heading to that heading', () => {
    const row = line(2, cell('Vitamin B12', 40, 85), cell('1,250 H', 190, 227), cell('pg/mL', 372, 394));
    const [read] = tableRows([page(header, row)], layout);
    expect(textOf(read!, 'value')).toBe('1,250 H');
    expect(textOf(read!, 'name')).toBe('Vitamin B12');
  });

  it('reads two tables side by side, the left one first', () => {
    const twice = line(
      1,
      cell('Test', 36, 52),
      cell('Result', 136, 160),
      cell('Range', 230, 252),
      cell('Test', 318, 334),
      cell('Result', 418, 442),
      cell('Range', 512, 534),
    );
    expect(headerTables(twice, layout)).toHaveLength(2);
    const rows = tableRows(
      [
        page(
          twice,
          line(
            2,
            cell('WBC', 36, 55),
            cell('7.9', 150, 160),
            cell('4.0-11.0', 230, 262),
            cell('Sodium', 318, 345),
            cell('141', 430, 442),
            cell('136-145', 512, 540),
          ),
          line(3, cell('RBC', 36, 55), cell('4.02', 145, 160), cell('3.90-5.20', 230, 266)),
        ),
      ],
      layout,
    );
    expect(rows.map((r) => [r.table, textOf(r, 'name'), textOf(r, 'value')])).toEqual([
      [0, 'WBC', '7.9'],
      [0, 'RBC', '4.02'],
      [1, 'Sodium', '141'],
    ]);
  });

  it('reads the latest day of a cumulative table, its earlier days as previous results', () => {
    const days = line(
      1,
      cell('Date', 36, 54),
      cell('01/02/26', 210, 244),
      cell('15/08/26', 270, 304),
      cell('14/11/26', 330, 364),
      cell('Units', 384, 404),
      cell('Range', 458, 480),
    );
    const [table] = headerTables(days, layout, { dayFirst: true })!;
    expect(table!.date).toBe('2026-11-14');
    const [row] = tableRows(
      [
        page(
          days,
          line(
            2,
            cell('Sodium', 36, 62),
            cell('140', 230, 244),
            cell('138', 290, 304),
            cell('141', 350, 364),
          ),
        ),
      ],
      layout,
      { dayFirst: true },
    );
    expect([textOf(row!, 'value'), textOf(row!, 'previous'), row!.date]).toEqual([
      '141',
      '140 138',
      '2026-11-14',
    ]);
  });
});
