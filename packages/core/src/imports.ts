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
  recordsRead: z.number().int(),
  inserted: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  /** The first rejection reasons (at most 20). */
  errors: z.array(importProblemSchema),
  /** About the whole file: "This record belongs to Jane Doe, not to you". */
  warnings: z.array(z.string()),
  /** Why a failed import stopped, and where. */
  failure: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

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
