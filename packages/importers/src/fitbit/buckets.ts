import { zoneOffsetAt } from '@healthfolio/core';

export interface Bucket {
  start: number;
  end: number;
  sum: number;
  count: number;
  offsetMin: number;
}

/**
 * Sums minute-level readings into fixed slices of time (15 minutes for steps, 1 minute for heart
 * rate): a month of per-minute steps is 44 640 records, which would swamp the store. Slices are cut
 * on the instant, so the repeated hour of a DST fall-back day stays two hours, not one.
 */
export class Buckets {
  private readonly byStart = new Map<number, Bucket>();

  constructor(
    private readonly sliceMs: number,
    private readonly zone: string,
  ) {}

  add(ms: number, value: number): void {
    const start = Math.floor(ms / this.sliceMs) * this.sliceMs;
    const bucket = this.byStart.get(start);
    if (bucket) {
      bucket.sum += value;
      bucket.count++;
      return;
    }
    const offsetMin = zoneOffsetAt(this.zone, start);
    this.byStart.set(start, { start, end: start + this.sliceMs, sum: value, count: 1, offsetMin });
  }

  /** The slices in time order; the aggregator is empty afterwards. */
  drain(): Bucket[] {
    const all = [...this.byStart.values()].sort((a, b) => a.start - b.start);
    this.byStart.clear();
    return all;
  }
}
