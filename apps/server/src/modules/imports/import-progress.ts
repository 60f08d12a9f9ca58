import type { ImportProblem } from '@healthfolio/core';
import type { ImportChunk, SkippedRecords } from '@healthfolio/importers';
import type { ImportRow } from './imports.repository';

/** How many rejection reasons an import keeps; the count goes on. */
export const MAX_PROBLEMS = 20;

/** The counters of one import, continued from its row when it resumes. */
export class ImportProgress {
  bytesRead: number;
  recordsRead: number;
  samplesDone: number;
  inserted: number;
  updated: number;
  duplicates: number;
  rejected: number;
  skipped: number;
  /** Readings deliberately not kept, by type, in the order first met. */
  readonly skippedTypes: SkippedRecords[];
  readonly problems: ImportProblem[];
  readonly warnings: string[];

  constructor(row: ImportRow) {
    this.bytesRead = Number(row.bytes_read);
    this.recordsRead = Number(row.records_read);
    this.samplesDone = Number(row.samples_done);
    this.inserted = Number(row.inserted);
    this.updated = Number(row.updated);
    this.duplicates = Number(row.duplicates);
    this.rejected = Number(row.rejected);
    this.skipped = Number(row.skipped);
    this.skippedTypes = JSON.parse(row.skipped_types) as SkippedRecords[];
    this.problems = JSON.parse(row.errors) as ImportProblem[];
    this.warnings = JSON.parse(row.warnings) as string[];
  }

  /** Counts a chunk's records, problems and skips (not its samples: those count when written). */
  addChunk(chunk: Pick<ImportChunk, 'records' | 'issues' | 'warnings' | 'skipped'>): void {
    this.recordsRead += chunk.records;
    for (const issue of chunk.issues ?? []) this.reject(issue);
    for (const s of chunk.skipped ?? []) {
      this.skipped += s.count;
      const known = this.skippedTypes.find((k) => k.type === s.type);
      if (known) known.count += s.count;
      else this.skippedTypes.push({ ...s });
    }
    for (const warning of chunk.warnings ?? []) {
      if (!this.warnings.includes(warning)) this.warnings.push(warning);
    }
  }

  reject(problem: ImportProblem): void {
    this.rejected++;
    if (this.problems.length < MAX_PROBLEMS) this.problems.push(problem);
  }

  /** The row's columns for these counters. */
  columns() {
    return {
      bytes_read: this.bytesRead,
      records_read: this.recordsRead,
      samples_done: this.samplesDone,
      inserted: this.inserted,
      updated: this.updated,
      duplicates: this.duplicates,
      rejected: this.rejected,
      skipped: this.skipped,
      skipped_types: JSON.stringify(this.skippedTypes),
      errors: JSON.stringify(this.problems),
      warnings: JSON.stringify(this.warnings),
    };
  }
}
