import type { SampleRow } from './sample-row';

/** Per row in `numbers`: start_at, end_at, value, utc_offset_min, local_day. */
const NUMBERS = 5;
/** Per row in `refs`: kind, tz, unit, source, device, origin_id, flag, meta, as indexes into `strings` (-1: null). */
const REFS = 8;

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

  static from(rows: readonly SampleRow[]): PackedRows {
    const length = rows.length;
    const numbers = new Float64Array(length * NUMBERS);
    const refs = new Int32Array(length * REFS);
    const strings: string[] = [];
    const index = new Map<string, number>();
    const ref = (s: string | null): number => {
      if (s === null) return -1;
      let i = index.get(s);
      if (i === undefined) {
        i = strings.length;
        strings.push(s);
        index.set(s, i);
      }
      return i;
    };
    for (let i = 0; i < length; i++) {
      const r = rows[i]!;
      const n = i * NUMBERS;
      numbers[n] = r.start_at;
      numbers[n + 1] = r.end_at;
      numbers[n + 2] = r.value;
      numbers[n + 3] = r.utc_offset_min;
      numbers[n + 4] = r.local_day;
      const f = i * REFS;
      refs[f] = ref(r.kind);
      refs[f + 1] = ref(r.tz);
      refs[f + 2] = ref(r.unit);
      refs[f + 3] = ref(r.source);
      refs[f + 4] = ref(r.device);
      refs[f + 5] = ref(r.origin_id);
      refs[f + 6] = ref(r.flag);
      refs[f + 7] = ref(r.meta);
    }
    return new PackedRows({ length, numbers, refs, strings });
  }

  /** Its parts, and the buffers to transfer (not copy) to another thread. */
  data(): { data: PackedRowsData; transfer: ArrayBuffer[] } {
    const { length, numbers, refs, strings } = this;
    return {
      data: { length, numbers, refs, strings },
      transfer: [numbers.buffer as ArrayBuffer, refs.buffer as ArrayBuffer],
    };
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
