import type { SampleRow } from './sample-row';

/** Per row in `numbers`: start_at, end_at, value, utc_offset_min, local_day. */
export const NUMBERS = 5;
/** Per row in `refs`: kind, tz, unit, source, device, origin_id, flag, meta, as indexes into `strings` (-1: null). */
export const REFS = 8;

/** What PackedRows is made of: typed arrays and one string table, cheap to send between threads. */
export interface PackedRowsData {
  length: number;
  numbers: Float64Array;
  refs: Int32Array;
  strings: string[];
}

/**
 * Sample rows column by column instead of one object each: a batch of 20 000 is two typed arrays and a
 * few dozen distinct strings. The bulk write path (insert, daily aggregates, the import's held samples)
 * reads rows through these accessors, so an import parsed in a worker thread reaches the writer without
 * an object per row to build and collect.
 */
export class PackedRows {
  readonly length: number;
  private readonly numbers: Float64Array;
  private readonly refs: Int32Array;
  private readonly strings: string[];

  constructor(data: PackedRowsData) {
    this.length = data.length;
    this.numbers = data.numbers;
    this.refs = data.refs;
    this.strings = data.strings;
  }

  /** Its parts, and the buffers to transfer (not copy) to another thread. */
  data(): { data: PackedRowsData; transfer: ArrayBuffer[] } {
    const { length, numbers, refs, strings } = this;
    return {
      data: { length, numbers, refs, strings },
      transfer: [numbers.buffer as ArrayBuffer, refs.buffer as ArrayBuffer],
    };
  }

  /** The rows for which `wanted` holds, in their order, sharing this string table. */
  pick(wanted: (i: number) => boolean): PackedRows {
    const indexes: number[] = [];
    for (let i = 0; i < this.length; i++) if (wanted(i)) indexes.push(i);
    const numbers = new Float64Array(indexes.length * NUMBERS);
    const refs = new Int32Array(indexes.length * REFS);
    // Consecutive rows are copied as one run: a batch's rows are picked in long runs (sample-copy.ts),
    // and a view and a copy per row cost ~0.1 s in a 1 M-Record import on PostgreSQL.
    for (let to = 0; to < indexes.length;) {
      const from = indexes[to]!;
      let end = to + 1;
      while (end < indexes.length && indexes[end] === from + (end - to)) end++;
      const rows = end - to;
      numbers.set(this.numbers.subarray(from * NUMBERS, (from + rows) * NUMBERS), to * NUMBERS);
      refs.set(this.refs.subarray(from * REFS, (from + rows) * REFS), to * REFS);
      to = end;
    }
    return new PackedRows({ length: indexes.length, numbers, refs, strings: this.strings });
  }

  start(i: number): number {
    return this.numbers[i * NUMBERS]!;
  }
  end(i: number): number {
    return this.numbers[i * NUMBERS + 1]!;
  }
  value(i: number): number {
    return this.numbers[i * NUMBERS + 2]!;
  }
  utcOffsetMin(i: number): number {
    return this.numbers[i * NUMBERS + 3]!;
  }
  localDay(i: number): number {
    return this.numbers[i * NUMBERS + 4]!;
  }
  kind(i: number): string {
    return this.strings[this.refs[i * REFS]!]!;
  }
  tz(i: number): string | null {
    return this.text(i * REFS + 1);
  }
  unit(i: number): string {
    return this.strings[this.refs[i * REFS + 2]!]!;
  }
  source(i: number): string {
    return this.strings[this.refs[i * REFS + 3]!]!;
  }
  device(i: number): string | null {
    return this.text(i * REFS + 4);
  }
  originId(i: number): string {
    return this.strings[this.refs[i * REFS + 5]!]!;
  }
  flag(i: number): string | null {
    return this.text(i * REFS + 6);
  }
  meta(i: number): string | null {
    return this.text(i * REFS + 7);
  }

  private text(at: number): string | null {
    const ref = this.refs[at]!;
    return ref < 0 ? null : this.strings[ref]!;
  }
}

/**
 * Packs rows as they come, so an import holds a batch as typed arrays, not as an object per sample
 * until the batch is full: objects that die young cost the garbage collector next to nothing, while a
 * 20 000-sample batch of them outlived young collections and had to be collected from the old space.
 */
export class PackedRowsBuilder {
  private length = 0;
  private numbers: Float64Array;
  private refs: Int32Array;
  private readonly strings: string[] = [];
  private readonly index = new Map<string, number>();

  constructor(capacity = 1024) {
    this.numbers = new Float64Array(Math.max(capacity, 1) * NUMBERS);
    this.refs = new Int32Array(Math.max(capacity, 1) * REFS);
  }

  push(r: SampleRow): void {
    if (this.length * NUMBERS === this.numbers.length) this.grow();
    const n = this.length * NUMBERS;
    const numbers = this.numbers;
    numbers[n] = r.start_at;
    numbers[n + 1] = r.end_at;
    numbers[n + 2] = r.value;
    numbers[n + 3] = r.utc_offset_min;
    numbers[n + 4] = r.local_day;
    const f = this.length * REFS;
    const refs = this.refs;
    refs[f] = this.ref(r.kind);
    refs[f + 1] = this.ref(r.tz);
    refs[f + 2] = this.ref(r.unit);
    refs[f + 3] = this.ref(r.source);
    refs[f + 4] = this.ref(r.device);
    refs[f + 5] = this.ref(r.origin_id);
    refs[f + 6] = this.ref(r.flag);
    refs[f + 7] = this.ref(r.meta);
    this.length++;
  }

  /**
   * The rows so far in the leading order of the identity index after the user — kind, then start —
   * and otherwise in the order they came: consecutive rows then land on the same B-tree pages.
   */
  build(): PackedRows {
    const { length, numbers, refs, strings } = this;
    const before = (a: number, b: number): number => {
      const ka = refs[a * REFS]!;
      const kb = refs[b * REFS]!;
      if (ka !== kb) return strings[ka]! < strings[kb]! ? -1 : 1;
      return numbers[a * NUMBERS]! - numbers[b * NUMBERS]! || a - b;
    };
    let sorted = true;
    for (let i = 1; i < length && sorted; i++) sorted = before(i - 1, i) < 0;
    if (sorted) {
      // Most batches of an export arrive in order: they keep their arrays.
      return new PackedRows({
        length,
        numbers: numbers.subarray(0, length * NUMBERS),
        refs: refs.subarray(0, length * REFS),
        strings,
      });
    }
    const order = new Uint32Array(length);
    for (let i = 0; i < length; i++) order[i] = i;
    order.sort(before);
    const sortedNumbers = new Float64Array(length * NUMBERS);
    const sortedRefs = new Int32Array(length * REFS);
    for (let i = 0; i < length; i++) {
      const from = order[i]!;
      for (let k = 0; k < NUMBERS; k++) sortedNumbers[i * NUMBERS + k] = numbers[from * NUMBERS + k]!;
      for (let k = 0; k < REFS; k++) sortedRefs[i * REFS + k] = refs[from * REFS + k]!;
    }
    return new PackedRows({ length, numbers: sortedNumbers, refs: sortedRefs, strings });
  }

  private ref(s: string | null): number {
    if (s === null) return -1;
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.strings.length;
      this.strings.push(s);
      this.index.set(s, i);
    }
    return i;
  }

  private grow(): void {
    const numbers = new Float64Array(this.numbers.length * 2);
    numbers.set(this.numbers);
    this.numbers = numbers;
    const refs = new Int32Array(this.refs.length * 2);
    refs.set(this.refs);
    this.refs = refs;
  }
}
