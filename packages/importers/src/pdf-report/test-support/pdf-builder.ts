import PDFDocument from 'pdfkit';

/** Helvetica's ascender: pdfkit puts the top of the text at `y`, its baseline this far below. */
const ASCENDER = 0.718;
const baselineOf = (y: number, options: TextOptions) => y + ASCENDER * (options.size ?? 9);

const SYMBOLS: Record<string, string> = { '≤': '\u00a3', '≥': '\u00b3' };

export interface TextOptions {
  bold?: boolean;
  size?: number;
}

/**
 * Draws report fixtures with pdfkit, page by page, and remembers where it drew: a row's line number is
 * its place among the distinct rows drawn on its page, top to bottom — what the extractor must find.
 */
export class PdfBuilder {
  private readonly doc: PDFKit.PDFDocument;
  private readonly done: Promise<Buffer>;
  private readonly rows: Set<number>[] = [new Set()];
  /** The page being drawn, 1-based. */
  page = 1;

  constructor(options: { userPassword?: string; size?: [number, number] } = {}) {
    this.doc = new PDFDocument({
      size: options.size ?? 'LETTER',
      margin: 0,
      bufferPages: true,
      ...(options.userPassword ? { userPassword: options.userPassword, ownerPassword: 'owner' } : {}),
      info: { Title: 'Report', Producer: 'healthfolio fixtures' },
    });
    const chunks: Buffer[] = [];
    this.doc.on('data', (c: Buffer) => chunks.push(c));
    this.done = new Promise((resolve) => this.doc.on('end', () => resolve(Buffer.concat(chunks))));
  }

  /**
   * Draws text with its top at `y`; its baseline counts as one line of the page (texts of different
   * sizes drawn to share a baseline are one line).
   */
  text(x: number, y: number, text: string, options: TextOptions = {}): this {
    this.rows[this.page - 1]!.add(baselineOf(y, options));
    this.raw(x, y, text, options);
    return this;
  }

  /** Draws text that belongs to another row's line (a superscript), without counting a line. */
  raw(x: number, y: number, text: string, options: TextOptions = {}): this {
    let cursor = x;
    // Helvetica's encoding has no ≤ or ≥; the standard Symbol font has them (at 0xA3 and 0xB3).
    for (const part of text.split(/([≤≥])/u).filter(Boolean)) {
      const symbol = SYMBOLS[part];
      this.doc
        .font(symbol ? 'Symbol' : options.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(options.size ?? 9);
      const drawn = symbol ?? part;
      // pdfkit places a text's top at y by its font's ascender; put the symbol on Helvetica's baseline.
      const ascender = (this.doc as unknown as { _font: { ascender: number } })._font.ascender / 1000;
      const size = options.size ?? 9;
      this.doc.text(drawn, cursor, y + (ASCENDER - ascender) * size, { lineBreak: false });
      cursor += this.doc.widthOfString(drawn);
    }
    return this;
  }

  /** How wide `text` is drawn (Helvetica, or Symbol for ≤ and ≥). */
  widthOf(text: string, options: TextOptions = {}): number {
    let width = 0;
    for (const part of text.split(/([≤≥])/u).filter(Boolean)) {
      const symbol = SYMBOLS[part];
      this.doc
        .font(symbol ? 'Symbol' : options.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(options.size ?? 9);
      width += this.doc.widthOfString(symbol ?? part);
    }
    return width;
  }

  /** Cells of one row: [x, text] pairs. */
  row(y: number, cells: readonly (readonly [number, string])[], options: TextOptions = {}): this {
    for (const [x, text] of cells) if (text !== '') this.text(x, y, text, options);
    return this;
  }

  /** The line number the row at `y` of the current page will have once the page is finished. */
  lineAt(y: number, options: TextOptions = {}, page = this.page): () => number {
    const baseline = baselineOf(y, options);
    return () => {
      const lines: number[] = [];
      for (const b of [...this.rows[page - 1]!].sort((a, c) => a - c)) {
        if (lines.length === 0 || b - lines[lines.length - 1]! > 1.5) lines.push(b);
      }
      return lines.findIndex((b) => Math.abs(b - baseline) <= 1.5) + 1;
    };
  }

  /** A rule across the page: drawn, not text, so no line. */
  rule(y: number, from = 36, to = 576): this {
    this.doc.moveTo(from, y).lineTo(to, y).lineWidth(0.5).stroke();
    return this;
  }

  image(data: Buffer, x: number, y: number, width: number): this {
    this.doc.image(data, x, y, { width });
    return this;
  }

  addPage(): this {
    this.doc.addPage();
    this.page++;
    this.rows.push(new Set());
    return this;
  }

  /** Draws on every page once all are laid out (footers that say "Page 1 of 3"). */
  eachPage(draw: (page: number, pages: number) => void): this {
    const pages = this.rows.length;
    for (let page = 1; page <= pages; page++) {
      this.doc.switchToPage(page - 1);
      this.page = page;
      draw(page, pages);
    }
    return this;
  }

  async toBuffer(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}
