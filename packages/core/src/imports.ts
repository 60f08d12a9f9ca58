import { z } from 'zod';

export const importStatuses = ['queued', 'running', 'needs_review', 'succeeded', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** A record that could not be imported, and why. */
export const importProblemSchema = z.object({
  message: z.string(),
  file: z.string().optional(),
  line: z.number().int().optional(),
  record: z.number().int().optional(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** Where on the PDF a result was read: page (1-based) and a box in PDF points from the page's top-left. */
export const reportRegionSchema = z.object({
  page: z.number().int().min(1),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  /** The page's own size in points, to scale the box onto a rendered page. */
  pageWidth: z.number(),
  pageHeight: z.number(),
});
export type ReportRegion = z.infer<typeof reportRegionSchema>;

/**
 * One result read from a lab or DEXA report, shown for review before anything is written (DESIGN
 * "Sources"). `kind` is a catalogue kind or `custom` (the original `name` is always kept).
 */
export const reportResultSchema = z.object({
  /** Stable within the import; a confirmation's corrections refer to it. */
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  /** The number; null when the result is only text ("NEGATIVE"). */
  value: z.number().nullable(),
  /** As printed: "<0.5", ">90", "NEGATIVE", "5.4". */
  valueText: z.string(),
  unit: z.string().nullable(),
  referenceRange: z
    .object({ low: z.number().optional(), high: z.number().optional(), text: z.string().optional() })
    .nullable(),
  /** low, high, critical_low, critical_high, abnormal; null when in range or unflagged. */
  flag: z.string().nullable(),
  /** ISO date: the specimen's collection date, or the DEXA scan's date. */
  date: z.iso.date(),
  lab: z.string().nullable(),
  loinc: z.string().nullable(),
  /** 1-based line on its page, for provenance. */
  line: z.number().int(),
  region: reportRegionSchema,
});
export type ReportResult = z.infer<typeof reportResultSchema>;

/** `POST /api/imports/:id/confirm`: optionally corrected results (by id); unlisted ones are kept as read. */
export const reportConfirmSchema = z.object({
  results: z
    .array(
      z.object({
        id: z.string(),
        value: z.number().nullable().optional(),
        valueText: z.string().max(100).optional(),
        unit: z.string().max(40).nullable().optional(),
        kind: z.string().max(60).optional(),
        /** Leave this result out of what is saved. */
        skip: z.boolean().optional(),
      }),
    )
    .optional(),
});
export type ReportConfirm = z.infer<typeof reportConfirmSchema>;

/** `GET /api/imports/:id` (DESIGN "Sources"). */
export const importJobSchema = z.object({
  id: z.string(),
  status: z.enum(importStatuses),
  /** The detected format ("apple-health"), null until detected. */
  format: z.string().nullable(),
  /** The format as people call it ("Apple Health export"). */
  formatLabel: z.string().nullable(),
  fileName: z.string(),
  bytesRead: z.number().int(),
  bytesTotal: z.number().int(),
  /** Readings read: inserted + updated + duplicates + rejected + skipped. */
  recordsRead: z.number().int(),
  inserted: z.number().int(),
  /** Stored before with another value, now replaced (a newer export of the same device). */
  updated: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  /** Read and deliberately not kept: their types, counts and why are in `skippedTypes` and `warnings`. */
  skipped: z.number().int(),
  skippedTypes: z.array(z.object({ type: z.string(), count: z.number().int(), reason: z.string() })),
  /** The first rejection reasons (at most 20). */
  errors: z.array(importProblemSchema),
  /** About the whole file: "This record belongs to Jane Doe, not to you". */
  warnings: z.array(z.string()),
  /** Why a failed import stopped, and where. */
  failure: z.string().nullable(),
  /** Lab and DEXA reports in `needs_review`: what was read, for the person to check and confirm. */
  results: z.array(reportResultSchema).optional(),
  /** Lab and DEXA reports: the original PDF stays downloadable here. */
  documentUrl: z.string().nullable().optional(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;
export type SkippedType = ImportJob['skippedTypes'][number];

/** "Skipped 4,210 records of HKQuantityTypeIdentifierX: Healthfolio has no metric for it yet" (DESIGN "Data"). */
export const describeSkipped = (s: SkippedType): string =>
  `Skipped ${s.count.toLocaleString('en-US')} ${s.count === 1 ? 'record' : 'records'} of ${s.type}: ${s.reason}`;

export const importListSchema = z.object({ items: z.array(importJobSchema) });
export type ImportList = z.infer<typeof importListSchema>;

/** The optional `kind` field of the upload: a format id, to skip detection. */
export const importKindSchema = z.string().min(1).max(40).optional();

/** A format we read, as `GET /api/imports/formats` and the 415 answer's details list it. */
export const supportedImportFormatSchema = z.object({ format: z.string(), label: z.string() });
export type SupportedImportFormat = z.infer<typeof supportedImportFormatSchema>;

/** `GET /api/imports/formats`. */
export const importFormatsSchema = z.object({ formats: z.array(supportedImportFormatSchema) });

/** Kept in step with the server's BODY_LIMIT for imports; the UI says it before uploading. */
export const IMPORT_MAX_BYTES_DEFAULT = 10 * 1024 ** 3;

/** `POST /api/imports?kind=`: the format the person chose, when they chose one. */
export const importUploadQuerySchema = z.object({ kind: importKindSchema });

/** `POST /api/integrations/bodyspec/connect-report`: a BodySpec report's link. */
export const bodyspecReportRequestSchema = z.object({ reportUrl: z.string().min(1).max(2000) });
