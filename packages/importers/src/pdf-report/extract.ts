import { ownerMismatchWarning } from '../shared/owner-name';
import type { ImportFile } from '../types';
import { bodyspecLayout } from './dexa/bodyspec';
import { reportErrors } from './errors';
import { genericLabLayout } from './labs/generic';
import { labcorpLayout } from './labs/labcorp';
import { questLayout } from './labs/quest';
import type { ParsedReport, ReportHint, ReportLayout, ReportSource } from './report';
import { DEFAULT_PDF_LIMITS, readPdfText, type PdfLimits } from './text/read-pdf';
import type { PdfText } from './text/types';

/** Every layout we read, the specific ones first: the generic table reader takes what they do not. */
const LAYOUTS: readonly ReportLayout[] = [questLayout, labcorpLayout, bodyspecLayout, genericLabLayout];

/** Results one report may hold; far beyond any real report, it bounds what a crafted one can store. */
export const MAX_RESULTS = 5000;

export interface ReportOptions {
  /** The parser an upload endpoint names; detection still decides when it reads nothing. */
  hint?: ReportHint;
  /** The lab's name for a generic report ("Sunrise Clinical Lab"). */
  labName?: string;
  /** The account owner's name: a report of someone else gets a warning. */
  ownerName?: string;
  limits?: Partial<PdfLimits>;
}

/** A report read for review. */
export interface ReportExtraction extends ParsedReport {
  source: ReportSource;
  pages: number;
  warnings: string[];
}

/** Reads a lab or DEXA report PDF into results for review; throws PdfReportError when it cannot. */
export async function extractReport(
  file: ImportFile,
  options: ReportOptions = {},
): Promise<ReportExtraction> {
  const limits = { ...DEFAULT_PDF_LIMITS, ...options.limits };
  if (file.size > limits.maxBytes) throw reportErrors.tooLarge(limits.maxBytes);
  const bytes = await readAll(file, limits.maxBytes);
  const text = await readPdfText(bytes, limits);
  const report = parseReport(text, options);
  const warnings: string[] = [];
  const mismatch =
    report.patientName && options.ownerName
      ? ownerMismatchWarning(report.patientName, options.ownerName)
      : undefined;
  if (mismatch) warnings.push(mismatch);
  if (report.results.length > MAX_RESULTS) {
    warnings.push(
      `This report lists ${report.results.length} results; only the first ${MAX_RESULTS} are kept.`,
    );
    report.results = report.results.slice(0, MAX_RESULTS);
  }
  return { ...report, pages: text.pages.length, warnings };
}

/** The hinted layout first, then the others by how sure each is; the first that reads results wins. */
export function parseReport(
  text: PdfText,
  options: Pick<ReportOptions, 'hint' | 'labName'> = {},
): ParsedReport {
  const scored = LAYOUTS.map((layout) => ({ layout, score: layout.detect(text) }))
    .filter(({ layout, score }) => score > 0 || layout.hint === options.hint)
    .sort((a, b) => rank(b, options.hint) - rank(a, options.hint));
  let failure: unknown;
  for (const { layout } of scored) {
    try {
      const report = layout.parse(text, options.labName ? { labName: options.labName } : {});
      if (report.results.length > 0) return report;
    } catch (error) {
      failure ??= error;
    }
  }
  throw failure ?? reportErrors.noResults();
}

const rank = ({ layout, score }: { layout: ReportLayout; score: number }, hint?: ReportHint) =>
  // A generic hint ("any lab") still lets a recognised lab's own layout go first.
  layout.hint === hint && hint !== 'lab-report' ? 2 + score : score;

async function readAll(file: ImportFile, maxBytes: number): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  let length = 0;
  for await (const chunk of file.open()) {
    const buf = chunk as Buffer;
    length += buf.length;
    if (length > maxBytes) throw reportErrors.tooLarge(maxBytes);
    parts.push(buf);
  }
  return new Uint8Array(Buffer.concat(parts, length));
}
