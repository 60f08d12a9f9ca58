// The interval bookkeeping of the priority merge (merge.ts): what each slice of time is covered by.

/**
 * Sorted, disjoint intervals in two parallel arrays (a day's merge builds thousands; tuples would be one
 * allocation each). `addAll` merges, `overlap` and `covers` find their place by binary search.
 */
export class Coverage {
  private starts: number[] = [];
  private ends: number[] = [];

  overlap(start: number, end: number): number {
    let total = 0;
    for (let i = this.firstEndingAfter(start); i < this.starts.length; i++) {
      const s = this.starts[i]!;
      if (s >= end) break;
      total += Math.min(this.ends[i]!, end) - Math.max(s, start);
    }
    return total;
  }

  covers(t: number): boolean {
    const i = this.firstEndingAfter(t);
    return i < this.starts.length && this.starts[i]! <= t;
  }

  /** The first interval ending after t: disjoint sorted intervals have sorted ends too. */
  private firstEndingAfter(t: number): number {
    let lo = 0;
    let hi = this.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ends[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Adds intervals given as [start0, end0, start1, end1, …], in any order. */
  addAll(spans: number[]): void {
    // A stream's samples mostly come in order: then they are merged as given, without an index to sort.
    const order = isSortedByStart(spans)
      ? undefined
      : Array.from({ length: spans.length / 2 }, (_, i) => i).sort((a, b) => spans[2 * a]! - spans[2 * b]!);
    const count = spans.length / 2;
    const starts: number[] = [];
    const ends: number[] = [];
    // Both sequences are sorted by start: one merging pass, joining what overlaps or touches.
    let i = 0;
    let j = 0;
    while (i < this.starts.length || j < count) {
      let s: number;
      let e: number;
      const k = j < count ? (order ? order[j]! : j) : -1;
      if (k < 0 || (i < this.starts.length && this.starts[i]! <= spans[2 * k]!)) {
        s = this.starts[i]!;
        e = this.ends[i]!;
        i++;
      } else {
        s = spans[2 * k]!;
        e = spans[2 * k + 1]!;
        j++;
      }
      const last = ends.length - 1;
      if (last >= 0 && s <= ends[last]!) {
        if (e > ends[last]!) ends[last] = e;
      } else {
        starts.push(s);
        ends.push(e);
      }
    }
    this.starts = starts;
    this.ends = ends;
  }
}

function isSortedByStart(spans: readonly number[]): boolean {
  for (let i = 2; i < spans.length; i += 2) if (spans[i]! < spans[i - 2]!) return false;
  return true;
}

/**
 * What one device's streams counted so far, by time: its coverage, and its counted readings as
 * [start, end, value] triples sorted by start, so a coarser path of the device can tell how much of
 * its own value a finer path already counted.
 */
export class DeviceLedger {
  readonly coverage = new Coverage();
  private entries: number[] = [];
  /** The longest reading, so a look-up starts where a reading could still reach `s`. */
  private longest = 0;

  add(spans: number[], counted: number[]): void {
    this.coverage.addAll(spans);
    for (let i = 0; i < counted.length; i += 3) {
      this.longest = Math.max(this.longest, counted[i + 1]! - counted[i]!);
    }
    const all = this.entries.concat(counted);
    const order = Array.from({ length: all.length / 3 }, (_, i) => i).sort(
      (a, b) => all[3 * a]! - all[3 * b]!,
    );
    this.entries = order.flatMap((i) => [all[3 * i]!, all[3 * i + 1]!, all[3 * i + 2]!]);
  }

  /** The counted value within [s, e): readings inside whole, those across its edges pro rata. */
  valueWithin(s: number, e: number): number {
    let total = 0;
    // The first reading starting at or after s − longest: none before it reaches s.
    let lo = 0;
    let hi = this.entries.length / 3;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.entries[3 * mid]! < s - this.longest) lo = mid + 1;
      else hi = mid;
    }
    for (let i = 3 * lo; i < this.entries.length; i += 3) {
      const start = this.entries[i]!;
      if (start >= e) break;
      const end = this.entries[i + 1]!;
      if (end <= s) continue;
      const length = end - start;
      total += length > 0 ? (this.entries[i + 2]! * (Math.min(end, e) - Math.max(start, s))) / length : 0;
    }
    return total;
  }
}
