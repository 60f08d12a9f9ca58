import type { ImportJob, ImportStatus } from '@healthfolio/core';
import { currentLocale, i18n } from '../../i18n';

export const formatCount = (n: number): string => n.toLocaleString(currentLocale());

/** The imports words with a count formatted for the locale: `words('live.added', 12)` → "Added 12". */
const words = (key: string, n: number): string => i18n.t(`imports:${key}`, { count: n, n: formatCount(n) });

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
    words('live.read', job.recordsRead),
    words('live.added', job.inserted),
    job.updated > 0 && words('live.updated', job.updated),
    words('live.already', job.duplicates),
    words('live.rejected', job.rejected),
    job.skipped > 0 && words('live.skipped', job.skipped),
  ]
    .filter(Boolean)
    .join(' · ');

/** "30 added, 4 updated, 0 already there, 2 rejected, 120 skipped" (updated and skipped when there are any). */
export const resultCounts = (job: ImportJob): string =>
  [
    words('result.added', job.inserted),
    job.updated > 0 && words('result.updated', job.updated),
    words('result.already', job.duplicates),
    words('result.rejected', job.rejected),
    job.skipped > 0 && words('result.skipped', job.skipped),
  ]
    .filter(Boolean)
    .join(', ');

/** A report waiting for review: "12 results read, not saved until reviewed". */
export const reviewCounts = (job: ImportJob): string =>
  words('review', job.results?.length ?? job.recordsRead);

/** "Uploading clarity.csv — 42 %". */
export const uploadText = (fileName: string, share: number): string =>
  i18n.t('imports:uploading', { name: fileName, percent: formatCount(Math.round(share * 100)) });

/** Where a rejected record was: "export.xml, line 12, record 3". */
export const problemPlace = (problem: { file?: string; line?: number; record?: number }): string =>
  [
    problem.file,
    problem.line !== undefined ? i18n.t('imports:place.line', { n: problem.line }) : undefined,
    problem.record !== undefined ? i18n.t('imports:place.record', { n: problem.record }) : undefined,
  ]
    .filter(Boolean)
    .join(', ');

export const formatDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};

/** An import's status in words, keyed by the server's code; the code itself for one this build lacks. */
export const statusLabel = (status: ImportStatus): string =>
  i18n.exists(`imports:status.${status}`) ? i18n.t(`imports:status.${status}`) : status;

/** Why records of a type were skipped: known reasons in the current language, else the server's words. */
export const skipReason = (reason: string): string =>
  i18n.exists(`imports:reasons.${reason}`) ? i18n.t(`imports:reasons.${reason}`) : reason;

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
  const number = Number(value.toFixed(digits)).toLocaleString(currentLocale());
  return `${number} ${unit === 0 ? i18n.t('imports:bytes') : units[unit]}`;
}
