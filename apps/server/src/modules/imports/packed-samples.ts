import type { NewSample } from '@healthfolio/core';

/**
 * A chunk of samples packed into typed arrays and one string table, to cross from the parsing worker to
 * the writing thread cheaply: structured clone copies three buffers and a short list of distinct strings
 * instead of a million small objects.
 */
export interface PackedSamples {
  count: number;
  /** Per sample: start, end, value, utcOffsetMin (NaN when absent). */
  numbers: Float64Array;
  /** Per sample: kind, unit, tz, source, device, originId, flag as indexes into `strings` (-1 when absent). */
  refs: Int32Array;
  strings: string[];
  /** JSON of each sample's meta, or null when no sample of the chunk has one. */
  meta: (string | null)[] | null;
}

const NUMBERS = 4;
const REFS = 7;

export function packSamples(samples: readonly NewSample[]): PackedSamples {
  const count = samples.length;
  const numbers = new Float64Array(count * NUMBERS);
  const refs = new Int32Array(count * REFS);
  const strings: string[] = [];
  const index = new Map<string, number>();
  const ref = (s: string | null | undefined): number => {
    if (s === undefined || s === null) return -1;
    let i = index.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      index.set(s, i);
    }
    return i;
  };
  let meta: (string | null)[] | null = null;
  for (let i = 0; i < count; i++) {
    const s = samples[i]!;
    const n = i * NUMBERS;
    numbers[n] = s.start;
    numbers[n + 1] = s.end ?? NaN;
    numbers[n + 2] = s.value;
    numbers[n + 3] = s.utcOffsetMin ?? NaN;
    const r = i * REFS;
    refs[r] = ref(s.kind);
    refs[r + 1] = ref(s.unit);
    refs[r + 2] = ref(s.tz);
    refs[r + 3] = ref(s.source);
    refs[r + 4] = ref(s.device);
    refs[r + 5] = ref(s.originId);
    refs[r + 6] = ref(s.flag);
    if (s.meta) {
      meta ??= new Array<string | null>(count).fill(null);
      meta[i] = JSON.stringify(s.meta);
    }
  }
  return { count, numbers, refs, strings, meta };
}

export function unpackSamples(packed: PackedSamples): NewSample[] {
  const { count, numbers, refs, strings, meta } = packed;
  const out = new Array<NewSample>(count);
  const str = (i: number) => (i < 0 ? undefined : strings[i]);
  for (let i = 0; i < count; i++) {
    const n = i * NUMBERS;
    const r = i * REFS;
    const sample: NewSample = {
      kind: strings[refs[r]!]!,
      start: numbers[n]!,
      value: numbers[n + 2]!,
      source: strings[refs[r + 3]!]!,
    };
    const end = numbers[n + 1]!;
    if (!Number.isNaN(end)) sample.end = end;
    const offset = numbers[n + 3]!;
    if (!Number.isNaN(offset)) sample.utcOffsetMin = offset;
    const unit = str(refs[r + 1]!);
    if (unit !== undefined) sample.unit = unit;
    const tz = str(refs[r + 2]!);
    if (tz !== undefined) sample.tz = tz;
    const device = str(refs[r + 4]!);
    if (device !== undefined) sample.device = device;
    const originId = str(refs[r + 5]!);
    if (originId !== undefined) sample.originId = originId;
    const flag = str(refs[r + 6]!);
    if (flag !== undefined) sample.flag = flag;
    const m = meta?.[i];
    if (m) sample.meta = JSON.parse(m) as NewSample['meta'];
    out[i] = sample;
  }
  return out;
}
