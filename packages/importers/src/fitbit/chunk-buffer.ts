import type { NewSample } from '@healthfolio/core';
import type { ImportChunk, ImportIssue } from '../types';

/** Samples per chunk: the pipeline writes a chunk per transaction. */
export const CHUNK_SAMPLES = 2000;

/** Collects samples, records and issues, and hands them out in chunks of at most CHUNK_SAMPLES samples. */
export class ChunkBuffer {
  private samples: NewSample[] = [];
  private records = 0;
  private issues: ImportIssue[] = [];
  private warnings: string[] = [];
  private readonly said = new Set<string>();

  add(sample: NewSample): void {
    this.samples.push(sample);
  }

  countRecords(n = 1): void {
    this.records += n;
  }

  issue(issue: ImportIssue): void {
    this.issues.push(issue);
  }

  /** Said once about the whole upload, however many chunks it spans. */
  warn(message: string): void {
    if (this.said.has(message)) return;
    this.said.add(message);
    this.warnings.push(message);
  }

  get full(): boolean {
    return this.samples.length >= CHUNK_SAMPLES;
  }

  /** Every full chunk, then (with `all`) what is left, as long as there is anything to say. */
  *take(all = false): Generator<ImportChunk> {
    while (this.samples.length >= CHUNK_SAMPLES || (all && this.hasAnything())) {
      const samples = this.samples.splice(0, CHUNK_SAMPLES);
      const chunk: ImportChunk = { samples, records: this.records };
      if (this.issues.length) chunk.issues = this.issues;
      if (this.warnings.length) chunk.warnings = this.warnings;
      this.records = 0;
      this.issues = [];
      this.warnings = [];
      yield chunk;
    }
  }

  private hasAnything(): boolean {
    return this.samples.length > 0 || this.records > 0 || this.issues.length > 0 || this.warnings.length > 0;
  }
}
