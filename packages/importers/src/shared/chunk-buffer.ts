import type { ClinicalRecordInput, NewSample, WorkoutTrackInput } from '@healthfolio/core';
import type { ImportChunk, ImportIssue, SkippedRecords } from '../types';

/** Samples a chunk holds before it is handed on: the pipeline writes a chunk per transaction. */
export const CHUNK_SAMPLES = 2000;

/**
 * Gathers what an importer read (samples, records, issues, warnings) until a chunk is due, so that one
 * place decides the chunk size. Two ways out:
 * - `take()` hands everything gathered over as one chunk (a record that adds several samples may take
 *   it a little past CHUNK_SAMPLES); callers check `full` after each record.
 * - `chunks()` hands out chunks of exactly CHUNK_SAMPLES samples while there are that many, and with
 *   `all` the rest as well.
 */
export class ChunkBuffer {
  private samples: NewSample[] = [];
  private issues: ImportIssue[] = [];
  private warnings: string[] = [];
  private clinical: ClinicalRecordInput[] = [];
  private tracks: WorkoutTrackInput[] = [];
  private skipped = new Map<string, SkippedRecords>();
  private records = 0;
  private readonly said = new Set<string>();

  /** Adds samples to the next chunk. */
  add(...samples: NewSample[]): void {
    this.samples.push(...samples);
  }

  /** Adds a record for the clinical view to the next chunk. */
  addClinical(record: ClinicalRecordInput): void {
    this.clinical.push(record);
  }

  /** Adds a workout's track (its points) to the next chunk; the workout sample comes in a chunk too. */
  addTrack(track: WorkoutTrackInput): void {
    this.tracks.push(track);
  }

  /** Counts records read, whatever they gave (one unless told). */
  record(n = 1): void {
    this.records += n;
  }

  /**
   * Counts `n` readings of `type` read and deliberately not kept, with why ("Healthfolio has no metric
   * for it yet"). They count as readings too: do not also call `record()` for them.
   */
  skip(type: string, reason: string, n = 1): void {
    const known = this.skipped.get(type);
    if (known) known.count += n;
    else this.skipped.set(type, { type, count: n, reason });
    this.records += n;
  }

  /** Adds an issue to the next chunk. */
  issue(issue: ImportIssue): void {
    this.issues.push(issue);
  }

  /** Adds a warning to the next chunk, as often as it is said. */
  warn(warning: string): void {
    this.warnings.push(warning);
  }

  /** Adds a warning said once about the whole upload, however many chunks or files it spans. */
  warnOnce(warning: string): void {
    if (this.said.has(warning)) return;
    this.said.add(warning);
    this.warnings.push(warning);
  }

  /** Whether a chunk's worth of samples is waiting. */
  get full(): boolean {
    return this.samples.length >= CHUNK_SAMPLES;
  }

  /** Whether anything (samples, records, issues or warnings) waits to be handed on. */
  get pending(): boolean {
    return (
      this.records > 0 ||
      this.samples.length > 0 ||
      this.issues.length > 0 ||
      this.warnings.length > 0 ||
      this.tracks.length > 0 ||
      this.skipped.size > 0
    );
  }

  /** Everything gathered, as one chunk (an empty one when nothing was), and starts over. */
  take(): ImportChunk {
    return this.cut(this.samples.length);
  }

  /** Every chunk of CHUNK_SAMPLES samples, then (with `all`) what is left, as long as anything is pending. */
  *chunks(all = false): Generator<ImportChunk> {
    while (this.full || (all && this.pending)) yield this.cut(CHUNK_SAMPLES);
  }

  /** A chunk of the first `count` samples with every record, issue and warning gathered so far. */
  private cut(count: number): ImportChunk {
    const chunk: ImportChunk = { samples: this.samples.splice(0, count), records: this.records };
    if (this.issues.length) chunk.issues = this.issues;
    if (this.warnings.length) chunk.warnings = this.warnings;
    if (this.clinical.length) {
      chunk.clinical = this.clinical;
      this.clinical = [];
    }
    if (this.tracks.length) {
      chunk.tracks = this.tracks;
      this.tracks = [];
    }
    if (this.skipped.size) {
      chunk.skipped = [...this.skipped.values()];
      this.skipped = new Map();
    }
    this.issues = [];
    this.warnings = [];
    this.records = 0;
    return chunk;
  }
}
