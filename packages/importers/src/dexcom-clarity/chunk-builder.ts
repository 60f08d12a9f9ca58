import type { NewSample } from '@healthfolio/core';
import type { ImportChunk, ImportIssue } from '../types';

/** Samples a chunk holds before it is handed on; a record may add a few more before the check. */
export const CHUNK_SAMPLES = 2000;

/**
 * Gathers what an importer read until a chunk is due. Shared by the CSV and JSON importers of this
 * package's wearable and CGM formats so that one place decides the chunk size.
 */
export class ChunkBuilder {
  private samples: NewSample[] = [];
  private issues: ImportIssue[] = [];
  private warnings: string[] = [];
  private records = 0;

  add(...samples: NewSample[]): void {
    this.samples.push(...samples);
  }

  /** Counts one record read, whatever it gave. */
  record(): void {
    this.records += 1;
  }

  issue(issue: ImportIssue): void {
    this.issues.push(issue);
  }

  warn(warning: string): void {
    this.warnings.push(warning);
  }

  get full(): boolean {
    return this.samples.length >= CHUNK_SAMPLES;
  }

  get pending(): boolean {
    return this.records > 0 || this.samples.length > 0 || this.issues.length > 0 || this.warnings.length > 0;
  }

  take(): ImportChunk {
    const chunk: ImportChunk = { samples: this.samples, records: this.records };
    if (this.issues.length) chunk.issues = this.issues;
    if (this.warnings.length) chunk.warnings = this.warnings;
    this.samples = [];
    this.issues = [];
    this.warnings = [];
    this.records = 0;
    return chunk;
  }
}
