import { ImportFormatError } from '../types';

/** Why a PDF could not be read as a report; the server shows the message as the import's failure. */
export type PdfReportErrorCode =
  'not_pdf' | 'too_large' | 'too_many_pages' | 'encrypted' | 'scanned' | 'no_text' | 'damaged' | 'no_results';

/**
 * A PDF we refuse, with a message for the person who uploaded it. An ImportFormatError, so the pipeline
 * reports it as the import's failure like any other unreadable file.
 */
export class PdfReportError extends ImportFormatError {
  constructor(
    readonly code: PdfReportErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PdfReportError';
  }
}

const BY_HAND = 'or enter the values by hand';

export const reportErrors = {
  notPdf: () =>
    new PdfReportError(
      'not_pdf',
      'This file is not a PDF. Upload the report as the PDF the lab or scan provider gave you.',
    ),
  tooLarge: (maxBytes: number) =>
    new PdfReportError(
      'too_large',
      `This PDF is larger than ${Math.round(maxBytes / 1024 ** 2)} MB; lab and DEXA reports are far smaller. Upload the report itself, ${BY_HAND}.`,
    ),
  inflatesTooFar: (maxBytes: number) =>
    new PdfReportError(
      'too_large',
      `This PDF unpacks to more than ${Math.round(maxBytes / 1024 ** 2)} MB, where lab and DEXA reports unpack to a few MB — it was not imported. Upload the report itself, ${BY_HAND}.`,
    ),
  tooManyPages: (pages: number, maxPages: number) =>
    new PdfReportError(
      'too_many_pages',
      `This PDF has ${pages} pages; lab and DEXA reports have at most ${maxPages}.`,
    ),
  encrypted: () =>
    new PdfReportError(
      'encrypted',
      'This PDF is password-protected, so we cannot read it. Download an unprotected copy from the lab’s patient portal, or print it to a new PDF without a password, and upload that.',
    ),
  scanned: () =>
    new PdfReportError(
      'scanned',
      `This PDF is a scanned image with no text in it; we cannot read values from a picture. Upload the lab's digital PDF (download it from the lab's patient portal), ${BY_HAND}.`,
    ),
  noText: () =>
    new PdfReportError(
      'no_text',
      `This PDF has no text in it to read. Upload the lab's digital PDF (download it from the lab's patient portal), ${BY_HAND}.`,
    ),
  damaged: (detail?: string) =>
    new PdfReportError(
      'damaged',
      `This PDF is damaged and cannot be read${detail ? ` (${detail})` : ''}. Download it again from the lab's patient portal, ${BY_HAND}.`,
    ),
  noResults: () =>
    new PdfReportError(
      'no_results',
      `We found no lab results or DEXA measurements in this PDF. We read Quest Diagnostics, Labcorp and BodySpec reports and lab reports with a results table (test, result, units, reference range); ${BY_HAND}.`,
    ),
};
