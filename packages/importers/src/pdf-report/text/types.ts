/** A piece of text on a page, in PDF points from the page's top-left corner. */
export interface TextCell {
  text: string;
  x: number;
  right: number;
  top: number;
  bottom: number;
}

/** The cells sharing one baseline, left to right: a table row, a heading, a sentence. */
export interface TextLine {
  page: number;
  /** 1-based, top to bottom, counting only lines with text. */
  number: number;
  top: number;
  bottom: number;
  cells: TextCell[];
  /** The cells joined with one space each. */
  text: string;
}

export interface PageText {
  /** 1-based. */
  number: number;
  width: number;
  height: number;
  lines: TextLine[];
}

export interface PdfText {
  pages: PageText[];
}

/** One text run as pdf.js reports it, already in top-left page coordinates. */
export interface PositionedText {
  text: string;
  x: number;
  /** The baseline, from the top of the page. */
  baseline: number;
  width: number;
  /** The font size (the run's height). */
  size: number;
}
