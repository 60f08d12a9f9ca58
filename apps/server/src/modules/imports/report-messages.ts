/** What the report worker (report-worker.ts) is given and answers. */
import type { PdfReportErrorCode, ReportExtraction, ReportOptions } from '@healthfolio/importers';

export interface ReportWorkerInput {
  path: string;
  fileName: string;
  size: number;
  options: ReportOptions;
}

export type ReportWorkerMessage =
  | { type: 'done'; extraction: ReportExtraction }
  /** A PDF we refuse, and why (encrypted, scanned, not a PDF …). */
  | { type: 'refused'; code: PdfReportErrorCode; message: string }
  | { type: 'failed'; message: string };
