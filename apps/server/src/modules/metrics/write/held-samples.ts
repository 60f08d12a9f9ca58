import type { PackedRows } from '../packed-rows';
import type { MergeSample } from '../merge';

/** Samples one kind's run may hold: 32 bytes each in typed arrays, ≤ 16 MB, then it is read back. */
const RUN_LIMIT = 500_000;

/** What a stream row of a day says it counts. */
export interface StreamTotals {
  source: string;
  device: string | null;
  count: number;
  sum: number;
}

/** Samples per block: a run grows a block at a time, never copying what it holds. */
const BLOCK_BITS = 14;
const BLOCK = 1 << BLOCK_BITS;
const IN_BLOCK = BLOCK - 1;

/** One kind's samples as the import wrote them, in typed-array blocks, with an index by local day. */
class Run {
  count = 0;
  /** Per sample: start, end, value. */
  private readonly numbers: Float64Array[] = [];
  /** Per sample: local day, stream. */
  private readonly ints: Int32Array[] = [];
  private index: { first: number; offsets: Int32Array; order: Int32Array } | undefined;

  push(rows: PackedRows, at: number, stream: number): void {
    const j = this.count & IN_BLOCK;
    if (j === 0) {
      this.numbers.push(new Float64Array(BLOCK * 3));
      this.ints.push(new Int32Array(BLOCK * 2));
    }
    const numbers = this.numbers[this.numbers.length - 1]!;
    const ints = this.ints[this.ints.length - 1]!;
    numbers[j * 3] = rows.start(at);
    numbers[j * 3 + 1] = rows.end(at);
    numbers[j * 3 + 2] = rows.value(at);
    ints[j * 2] = rows.localDay(at);
    ints[j * 2 + 1] = stream;
    this.count++;
    this.index = undefined;
  }

  start(i: number): number {
    return this.numbers[i >> BLOCK_BITS]![(i & IN_BLOCK) * 3]!;
  }
  end(i: number): number {
    return this.numbers[i >> BLOCK_BITS]![(i & IN_BLOCK) * 3 + 1]!;
  }
  value(i: number): number {
    return this.numbers[i >> BLOCK_BITS]![(i & IN_BLOCK) * 3 + 2]!;
  }
  day(i: number): number {
    return this.ints[i >> BLOCK_BITS]![(i & IN_BLOCK) * 2]!;
  }
  stream(i: number): number {
    return this.ints[i >> BLOCK_BITS]![(i & IN_BLOCK) * 2 + 1]!;
  }

  /** Calls `each` with the position of every sample on `day`, in the order they were written. */
  forDay(day: number, each: (i: number) => void): void {
    const { first, offsets, order } = (this.index ??= this.buildIndex());
    const d = day - first;
    if (d < 0 || d >= offsets.length - 1) return;
    for (let k = offsets[d]!; k < offsets[d + 1]!; k++) each(order[k]!);
  }

  /** A counting sort of positions by day: one pass to count, one to place. */
  private buildIndex() {
    if (this.count === 0) return { first: 0, offsets: new Int32Array(1), order: new Int32Array(0) };
    let first = Infinity;
    let last = -Infinity;
    for (let i = 0; i < this.count; i++) {
      first = Math.min(first, this.day(i));
      last = Math.max(last, this.day(i));
    }
    const offsets = new Int32Array(last - first + 2);
    for (let i = 0; i < this.count; i++) offsets[this.day(i) - first + 1]!++;
    for (let d = 1; d < offsets.length; d++) offsets[d]! += offsets[d - 1]!;
    const next = offsets.slice(0, -1);
    const order = new Int32Array(this.count);
    for (let i = 0; i < this.count; i++) order[next[this.day(i) - first]!++] = i;
    return { first, offsets, order };
  }
}

/**
 * What a large import keeps of its own samples so the priority merge of its days with several streams
 * (a watch and a phone both counting steps) runs from memory at the end of each kind's run, instead of
 * reading those days back from the table (for a 1 M-Record Apple Health export, 720 000 samples that
 * took 1.2–1.7 s to read back and merge; from memory the merge takes about 1 s).
 *
 * Only a day whose every sample is held can be merged from memory: RollupMaintainer.mergeHeldDays
 * checks each day's held samples against its stream rows (count and sum per stream), so a day that
 * also has samples stored before the import, or written meanwhile by anything else, is read back as
 * before. A kind stops being held when part of a chunk of it was already stored (a resumed or repeated
 * import), when its run outgrows RUN_LIMIT, and when its run ends: if it comes again (a file listing
 * one kind in two places), its days are read back.
 */
export class HeldSamples {
  private readonly runs = new Map<string, Run>();
  /** Kinds seen by this import that are no longer held. */
  private readonly released = new Set<string>();
  private readonly streams: { source: string; device: string | null }[] = [];
  /** source → device → stream: looked up per row where two devices' samples interleave (watch, phone). */
  private readonly streamIndex = new Map<string, Map<string | null, number>>();

  /** Holds rows[from, to), all of which were just inserted. */
  add(rows: PackedRows, from: number, to: number): void {
    let run: Run | undefined;
    let kind: string | undefined;
    // The stream of the last row held, by its source and device (rows come grouped, so rarely looked up).
    let stream = -1;
    let source = '';
    let device: string | null = null;
    for (let i = from; i < to; i++) {
      if (rows.kind(i) !== kind) {
        kind = rows.kind(i);
        run = this.runs.get(kind);
        if (!run && !this.released.has(kind)) this.runs.set(kind, (run = new Run()));
      }
      if (!run) continue;
      if (stream < 0 || rows.source(i) !== source || rows.device(i) !== device) {
        source = rows.source(i);
        device = rows.device(i);
        stream = this.streamOf(source, device);
      }
      run.push(rows, i, stream);
      if (run.count >= RUN_LIMIT) {
        this.release(kind);
        run = undefined;
      }
    }
  }

  /** Stops holding kinds (a chunk of them was partly stored). */
  drop(kinds: Iterable<string>): void {
    for (const kind of kinds) this.release(kind);
  }

  /** Held kinds not among `present`: their run has ended. */
  endedRuns(present: ReadonlySet<string>): string[] {
    return [...this.runs.keys()].filter((kind) => !present.has(kind));
  }

  isHeld(kind: string): boolean {
    return this.runs.has(kind);
  }

  /**
   * The held samples of `kind` on `day` in the shape the merge takes, or undefined when it has none.
   * Made one day at a time, as the merge reaches the day (RollupMaintainer.putMerged): see there.
   */
  samplesOn(kind: string, day: number): MergeSample[] | undefined {
    const run = this.runs.get(kind);
    if (!run) return undefined;
    const list: MergeSample[] = [];
    run.forDay(day, (i) => {
      const { source, device } = this.streams[run.stream(i)]!;
      list.push({ start: run.start(i), end: run.end(i), value: run.value(i), source, device });
    });
    return list.length > 0 ? list : undefined;
  }

  /** Whether the held samples of `kind` on `day` are, stream by stream, what `rows` count: no more, no fewer. */
  makesUp(kind: string, day: number, rows: readonly StreamTotals[]): boolean {
    const run = this.runs.get(kind);
    if (!run) return false;
    const totals = new Map<number, { count: number; sum: number }>();
    run.forDay(day, (i) => {
      const t = totals.get(run.stream(i));
      if (t) {
        t.count++;
        t.sum += run.value(i);
      } else totals.set(run.stream(i), { count: 1, sum: run.value(i) });
    });
    if (totals.size !== rows.length) return false;
    return rows.every((row) => {
      const stream = this.streamIndex.get(row.source)?.get(row.device || null);
      const t = stream === undefined ? undefined : totals.get(stream);
      return (
        t !== undefined &&
        t.count === row.count &&
        Math.abs(t.sum - row.sum) <= 1e-9 * Math.max(1, Math.abs(row.sum))
      );
    });
  }

  /** Frees a kind's samples; it is not held again in this import. */
  release(kind: string): void {
    this.runs.delete(kind);
    this.released.add(kind);
  }

  private streamOf(source: string, device: string | null): number {
    let devices = this.streamIndex.get(source);
    if (!devices) this.streamIndex.set(source, (devices = new Map()));
    // A stream row's device is '' where a sample's is null: one stream.
    const key = device || null;
    let index = devices.get(key);
    if (index === undefined) {
      index = this.streams.length;
      this.streams.push({ source, device });
      devices.set(key, index);
    }
    return index;
  }
}
