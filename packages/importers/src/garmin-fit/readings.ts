import type { NewSample, WorkoutTrackInput } from '@healthfolio/core';
import type { ImportIssue, SkippedRecords } from '../types';
import type { ChunkBuffer } from '../shared/chunk-buffer';

/** Samples handed over per call: a spread of a whole file's samples could overflow the stack. */
const SPREAD = 10_000;

/**
 * What the mappers made of one FIT file's readings (README "What a reading is"): each reading ends as
 * a sample, an issue or a skip, so the file's count of readings is their sum.
 */
export class FitReadings {
  readonly samples: NewSample[] = [];
  readonly issues: ImportIssue[] = [];
  readonly warnings: string[] = [];
  /** Workout tracks (an activity's records), part of their workout's reading. */
  readonly tracks: WorkoutTrackInput[] = [];
  private readonly skipped = new Map<string, SkippedRecords>();

  add(sample: NewSample): void {
    this.samples.push(sample);
  }

  issue(issue: ImportIssue): void {
    this.issues.push(issue);
  }

  /** `n` readings of `type` (a FIT message or message.field name) read and deliberately not kept. */
  skip(type: string, reason: string, n = 1): void {
    if (n <= 0) return;
    const known = this.skipped.get(type);
    if (known) known.count += n;
    else this.skipped.set(type, { type, count: n, reason });
  }

  warn(warning: string): void {
    this.warnings.push(warning);
  }

  /** Readings of the file: samples, issues and skipped ones. */
  get count(): number {
    let skipped = 0;
    for (const s of this.skipped.values()) skipped += s.count;
    return this.samples.length + this.issues.length + skipped;
  }

  /** Hands everything to the upload's chunk buffer, counting each sample and issue as a reading. */
  moveTo(out: ChunkBuffer): void {
    for (let i = 0; i < this.samples.length; i += SPREAD) out.add(...this.samples.slice(i, i + SPREAD));
    out.record(this.samples.length + this.issues.length);
    for (const issue of this.issues) out.issue(issue);
    for (const { type, reason, count } of this.skipped.values()) out.skip(type, reason, count);
    for (const warning of this.warnings) out.warnOnce(warning);
    for (const track of this.tracks) out.addTrack(track);
  }
}
