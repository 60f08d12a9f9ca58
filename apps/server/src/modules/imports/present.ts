import { getImporter } from '@healthfolio/importers';
import {
  describeSkipped,
  type ImportJob,
  type ImportProblem,
  type ImportStatus,
  type ReportResult,
} from '@healthfolio/core';
import type { SkippedRecords } from '@healthfolio/importers';
import type { ImportRow } from './imports.repository';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** An `imports` row as the API answers it. */
export function presentImport(row: ImportRow): ImportJob {
  const skippedTypes = JSON.parse(row.skipped_types) as SkippedRecords[];
  return {
    id: row.id,
    status: row.status as ImportStatus,
    format: row.format,
    formatLabel: row.format ? (getImporter(row.format)?.label ?? null) : null,
    fileName: row.file_name,
    bytesRead: Number(row.bytes_read),
    bytesTotal: Number(row.bytes_total),
    recordsRead: Number(row.records_read),
    inserted: Number(row.inserted),
    updated: Number(row.updated),
    duplicates: Number(row.duplicates),
    rejected: Number(row.rejected),
    skipped: Number(row.skipped),
    skippedTypes,
    errors: JSON.parse(row.errors) as ImportProblem[],
    warnings: [...(JSON.parse(row.warnings) as string[]), ...skippedTypes.map(describeSkipped)],
    failure: row.failure,
    // Lab and DEXA reports: what waits for review, and the original PDF.
    ...(row.status === 'needs_review' && row.results
      ? { results: JSON.parse(row.results) as ReportResult[] }
      : {}),
    ...(row.document_path ? { documentUrl: `/api/imports/${row.id}/document` } : {}),
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}
