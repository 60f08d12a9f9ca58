import type { ExpectedResult, PendingExpected } from './expected';
import type { PdfBuilder, TextOptions } from './pdf-builder';

/** What reading one printed result must give. */
export type Expect = Pick<
  ExpectedResult,
  'kind' | 'value' | 'valueText' | 'unit' | 'referenceRange' | 'flag'
> & { name?: string };

export type Range = ExpectedResult['referenceRange'];

/** A numeric result: its kind, number, unit, range and flag; the printed text is the number unless given. */
export const num = (
  kind: string,
  value: number,
  unit: string | null,
  referenceRange: Range,
  flag: string | null = null,
  valueText = String(value),
): Expect => ({ kind, value, valueText, unit, referenceRange, flag });

/** A result in words ("NEGATIVE"). */
export const words = (valueText: string, referenceRange: Range, flag: string | null = null): Expect => ({
  kind: 'custom',
  value: null,
  valueText,
  unit: null,
  referenceRange,
  flag,
});

export const between = (low: number, high: number): Range => ({ low, high });
export const below = (high: number, text: string): Range => ({ high, text });
export const above = (low: number, text: string): Range => ({ low, text });

/** A Letter page; European labs print on A4. */
export const LETTER: [number, number] = [612, 792];
export const A4: [number, number] = [595.28, 841.89];

/** Where a fixture's results come from: their date and lab. */
export interface Source {
  date: string;
  lab: string | null;
}

/** The expected result of a row drawn at `y` on the builder's current page. */
export function expectRow(
  pdf: PdfBuilder,
  y: number,
  name: string,
  expect: Expect,
  source: Source,
  options: TextOptions & { top?: number } = {},
): PendingExpected {
  return {
    ...expect,
    name: expect.name ?? name,
    date: source.date,
    lab: source.lab,
    page: pdf.page,
    line: pdf.lineAt(y, options),
    top: options.top ?? y,
  };
}

/** The x that centres `text` on `centre`. */
export const centred = (pdf: PdfBuilder, centre: number, text: string, options: TextOptions = {}) =>
  centre - pdf.widthOf(text, options) / 2;
/** The x that ends `text` at `right`. */
export const rightAligned = (pdf: PdfBuilder, right: number, text: string, options: TextOptions = {}) =>
  right - pdf.widthOf(text, options);

/** A column as a fixture draws it: where it starts and how its cells are aligned within its width. */
export interface DrawnColumn {
  x: number;
  width?: number;
  align?: 'left' | 'centre' | 'right';
}

/** Draws one row's cells (an empty text draws nothing) in their columns' alignment. */
export function drawCells(
  pdf: PdfBuilder,
  y: number,
  columns: readonly DrawnColumn[],
  texts: readonly (string | undefined)[],
  options: TextOptions = {},
): void {
  columns.forEach((column, i) => {
    const text = texts[i];
    if (!text) return;
    const width = column.width ?? 0;
    const x =
      column.align === 'centre'
        ? centred(pdf, column.x + width / 2, text, options)
        : column.align === 'right'
          ? rightAligned(pdf, column.x + width, text, options)
          : column.x;
    pdf.text(x, y, text, options);
  });
}
