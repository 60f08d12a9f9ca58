import type { SkippedRecords } from '../types';

/**
 * One kind of reading read and deliberately not kept: a record type, a category value or an element.
 * Made once per kind and import, then only counted, so a million skipped readings allocate nothing.
 */
export class Skip {
  /** Readings of this kind since the tally was last taken. */
  count = 0;

  constructor(
    /** As the file names it: "HKQuantityTypeIdentifierAppleWalkingSteadiness", "ActivitySummary". */
    readonly type: string,
    /** Why, in a sentence a person understands. */
    readonly reason: string,
  ) {}
}

/** The skipped readings of one import, by kind, until they are handed on with a chunk. */
export class SkipTally {
  private counted: Skip[] = [];

  add(skip: Skip): void {
    if (skip.count++ === 0) this.counted.push(skip);
  }

  /** What was counted since the last call, for ImportChunk.skipped; undefined when nothing was. */
  take(): SkippedRecords[] | undefined {
    if (this.counted.length === 0) return undefined;
    const taken = this.counted.map(({ type, count, reason }) => ({ type, count, reason }));
    for (const skip of this.counted) skip.count = 0;
    this.counted = [];
    return taken;
  }
}
