import type { NewSample } from '@healthfolio/core';
import type { ImportIssue, SkippedRecords } from '../types';
import type { Mapped } from './record';
import { Skip, SkipTally } from './tally';

/** Keys kept to store each correlated measurement once; beyond this the store's own unique key catches repeats. */
const MAX_DEDUPE_KEYS = 200_000;

/**
 * What the reading of one export.xml came to since the reader last took it. Every reading ends as
 * exactly one of: a sample, an issue, or a skipped reading of a named kind — and counts once in
 * `records` (ImportChunk).
 */
export class Ledger {
  samples: NewSample[] = [];
  issues: ImportIssue[] = [];
  /** Readings since the reader last took them. */
  records = 0;
  /** Record elements read so far, for the position an issue names. */
  private recordIndex = 0;
  private readonly tally = new SkipTally();
  private readonly seen = new Set<string>();

  constructor(private readonly file: string) {}

  /**
   * A record element (Record, Workout, ActivitySummary …) and what it became. `copy` is given for kinds
   * HealthKit also writes inside a Correlation: a sample already written is then counted under it.
   */
  commit(mapped: Mapped, copy: Skip | undefined): void {
    const index = this.recordIndex++;
    this.records++;
    if (typeof mapped === 'string') this.issues.push({ message: mapped, file: this.file, record: index });
    else if (mapped instanceof Skip) this.tally.add(mapped);
    else if (copy !== undefined && this.isRepeat(mapped)) this.tally.add(copy);
    else this.samples.push(mapped);
  }

  /** A reading that is part of a record element (a beat of an HRV list, a workout's lap), skipped. */
  skipPart(skip: Skip): void {
    this.records++;
    this.tally.add(skip);
  }

  /** The skipped readings counted since the last call, by kind. */
  takeSkipped(): SkippedRecords[] | undefined {
    return this.tally.take();
  }

  /** Whether this correlated measurement (a blood-pressure or food member) was already written. */
  private isRepeat(s: NewSample): boolean {
    const key = `${s.kind}|${s.start}|${s.end}|${s.device}|${s.value}|${s.unit}`;
    if (this.seen.has(key)) return true;
    if (this.seen.size < MAX_DEDUPE_KEYS) this.seen.add(key);
    return false;
  }
}
