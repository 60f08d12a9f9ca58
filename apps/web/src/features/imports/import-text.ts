import type { ImportJob, ImportStatus } from '@healthfolio/core';

const count = new Intl.NumberFormat('en-US');
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatCount = (n: number): string => count.format(n);

export const isActive = (status: ImportStatus | undefined): boolean =>
  status === 'queued' || status === 'running';

/** How far the server has read the file, 0 to 100. */
export const readPercent = (job: Pick<ImportJob, 'bytesRead' | 'bytesTotal'>): number =>
  job.bytesTotal > 0 ? Math.min(100, Math.round((job.bytesRead / job.bytesTotal) * 100)) : 0;

/**
 * "Records read 12,345 · Added 12,000 · Already there 300 · Rejected 45", while an import runs; updated
 * and skipped records are named when there are any.
 */
export const liveCounts = (job: ImportJob): string =>
  [
    `Records read ${formatCount(job.recordsRead)}`,
    `Added ${formatCount(job.inserted)}`,
    job.updated > 0 && `Updated ${formatCount(job.updated)}`,
    `Already there ${formatCount(job.duplicates)}`,
    `Rejected ${formatCount(job.rejected)}`,
    job.skipped > 0 && `Skipped ${formatCount(job.skipped)}`,
  ]
    .filter(Boolean)
    .join(' · ');

/** "30 added, 4 updated, 0 already there, 2 rejected, 120 skipped" (updated and skipped when there are any). */
export const resultCounts = (job: ImportJob): string =>
  [
    `${formatCount(job.inserted)} added`,
    job.updated > 0 && `${formatCount(job.updated)} updated`,
    `${formatCount(job.duplicates)} already there`,
    `${formatCount(job.rejected)} rejected`,
    job.skipped > 0 && `${formatCount(job.skipped)} skipped`,
  ]
    .filter(Boolean)
    .join(', ');

/** A report waiting for review: "12 results read, not saved until reviewed". */
export const reviewCounts = (job: ImportJob): string => {
  const n = job.results?.length ?? job.recordsRead;
  return `${formatCount(n)} result${n === 1 ? '' : 's'} read, not saved until reviewed`;
};

/** "Uploading clarity.csv — 42 %". */
export const uploadText = (fileName: string, share: number): string =>
  `Uploading ${fileName} — ${Math.round(share * 100)} %`;

/** Where a rejected record was: "export.xml, line 12, record 3". */
export const problemPlace = (problem: { file?: string; line?: number; record?: number }): string =>
  [
    problem.file,
    problem.line !== undefined ? `line ${problem.line}` : undefined,
    problem.record !== undefined ? `record ${problem.record}` : undefined,
  ]
    .filter(Boolean)
    .join(', ');

export const formatDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};

export const statusLabels: Record<ImportStatus, string> = {
  queued: 'Queued',
  running: 'Importing',
  needs_review: 'Needs review',
  succeeded: 'Imported',
  failed: 'Failed',
};

/** Sizes as people read them: "820 KB", "1.2 GB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${Number(value.toFixed(digits))} ${units[unit]}`;
}
