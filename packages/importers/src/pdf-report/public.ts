/**
 * What the server's report worker needs, importable alone (`@healthfolio/importers/pdf-report`) so the
 * worker does not load every other importer.
 */
export { extractReport, MAX_RESULTS, type ReportExtraction, type ReportOptions } from './extract';
export { resultsToSamples, type ResultsToSamplesOptions } from './samples';
export { PdfReportError, type PdfReportErrorCode } from './errors';
export { DEFAULT_PDF_LIMITS, type PdfLimits } from './text/read-pdf';
export type { ReportHint, ReportSource } from './report';
export { fileFromPath } from '../files/disk-file';
