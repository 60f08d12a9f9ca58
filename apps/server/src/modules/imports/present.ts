import { getImporter } from '@healthfolio/importers';
import type { ImportJob, ImportProblem, ImportStatus, ReportResult } from '@healthfolio/core';
import type { ImportRow } from './imports.repository';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** An `imports` row as the API answers it. */
export function presentImport(row: ImportRow): ImportJob {
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
    duplicates: Number(row.duplicates),
    rejected: Number(row.rejected),
    errors: JSON.parse(row.errors) as ImportProblem[],
    warnings: JSON.parse(row.warnings) as string[],
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
