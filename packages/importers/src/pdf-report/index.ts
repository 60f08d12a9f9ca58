import type { ImportFile, ReviewImporter } from '../types';
import { extractReport, type ReportExtraction, type ReportOptions } from './extract';
import { hasPdfHeader } from './text/read-pdf';

/** Any PDF: which report it is (Quest, Labcorp, BodySpec, another lab) is read from its text. */
async function detectPdf(files: readonly ImportFile[]): Promise<number> {
  if (files.length !== 1) return 0;
  return hasPdfHeader(await files[0]!.head()) ? 0.99 : 0;
}

export const pdfReportImporter = {
  format: 'pdf-report',
  label: 'Lab or DEXA report (PDF)',
  review: true,
  detect: detectPdf,
  extract: extractReport,
} satisfies ReviewImporter<ReportOptions, ReportExtraction>;
