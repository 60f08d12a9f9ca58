import type { PdfBuilder } from './pdf-builder';

/** Rows down a page, onto a new page (with its banner and header redrawn) when the page is full. */
export class TableWriter {
  y: number;

  constructor(
    private readonly pdf: PdfBuilder,
    private readonly options: {
      bottom: number;
      step: number;
      /** Draws a continuation page's banner and table header; answers where rows start. */
      continuePage: (pdf: PdfBuilder) => number;
    },
    start: number,
  ) {
    this.y = start;
  }

  /** The y of the next row, after a page break when `rows` rows no longer fit. */
  next(rows = 1): number {
    if (this.y + (rows - 1) * this.options.step > this.options.bottom) {
      this.pdf.addPage();
      this.y = this.options.continuePage(this.pdf);
    }
    const y = this.y;
    this.y += this.options.step;
    return y;
  }

  gap(points: number): void {
    this.y += points;
  }
}
