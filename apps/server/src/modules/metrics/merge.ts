import { isSandboxDevice, plainDevice } from '@healthfolio/core';

/**
 * No double counting: where several streams (a source and device, e.g. "apple_healthkit · Apple Watch")
 * overlap in time, each slice of time is taken from the highest-priority stream that has data there,
 * as Apple Health and Health Connect do. Lower-priority streams fill only the gaps.
 */

export interface MergeSample {
  start: number;
  end: number;
  value: number;
  source: string;
  device: string | null;
}

export interface StreamContribution {
  source: string;
  device: string | null;
  rank: number;
  /** What this stream adds to the merged result (sum metrics) or how many of its samples count (others). */
  contributed: number;
  samples: number;
  samplesUsed: number;
  /** Milliseconds of the day this stream won. */
  msWon: number;
}

export interface MergeResult {
  count: number;
  sum: number;
  min: number | null;
  max: number | null;
  /** The latest reading counted (by start), for kinds whose day value is the last one. */
  last: number | null;
  lastAt: number | null;
  streams: StreamContribution[];
}

/** An instant sample (heart rate) stands for this much time around it when streams are compared. */
export const INSTANT_COVERAGE_MS = 60_000;

export const streamKey = (source: string, device: string | null) => `${source}\u0000${device ?? ''}`;

/**
 * A stream of this rank or worse is left out of the merge altogether: it adds nothing and covers no
 * time (sandbox data while the person has not asked to include it; priority.ts decides).
 */
export const EXCLUDED_RANK = 2 ** 30;
export const isExcludedRank = (rank: number): boolean => rank >= EXCLUDED_RANK;

/**
 * A device's streams by every path it came by share this key (sample-paths.ts). A sandbox stream is
 * generated data, never a path of the person's own device, so it keeps a key of its own.
 */
const deviceKey = (source: string, device: string | null) =>
  isSandboxDevice(device) ? streamKey(source, device) : `${source}\u0000${plainDevice(device) ?? ''}`;

/**
 * The mean length of a stream's readings: the finer of two paths of one device wins the slice. A sum
 * kind's reading at an instant ("1,200 steps at 10:00", as Health Auto Export writes its hours) stands
 * for a span it does not tell, so such a stream is taken for the coarsest.
 */
function grain(list: readonly MergeSample[], aggregation: 'sum' | 'avg' | 'last'): number {
  let total = 0;
  for (const s of list) {
    if (s.end <= s.start && aggregation === 'sum') return Number.POSITIVE_INFINITY;
    total += Math.max(0, s.end - s.start);
  }
  return total / list.length;
}

/**
 * Sorted, disjoint intervals in two parallel arrays (a day's merge builds thousands; tuples would be one
 * allocation each). `addAll` merges, `overlap` and `covers` find their place by binary search.
 */
class Coverage {
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

const sameStream = (a: MergeSample, b: MergeSample) =>
  a.source === b.source && (a.device ?? '') === (b.device ?? '');

/**
 * Merges one metric's samples for one slice of time (a day). `rankOf` gives each stream's priority,
 * lower first. For `sum` metrics a sample that is partly covered by a better stream counts pro rata.
 * A stream ranked EXCLUDED_RANK or worse is listed with nothing counted and leaves every slice open.
 */
export function mergeStreams(
  samples: readonly MergeSample[],
  aggregation: 'sum' | 'avg' | 'last',
  rankOf: (source: string, device: string | null) => number,
): MergeResult {
  // A day has a handful of streams and a stream's samples mostly follow each other: the group of the
  // previous sample is tried first, then the few others.
  const groups: MergeSample[][] = [];
  let group: MergeSample[] | undefined;
  for (const s of samples) {
    if (!group || !sameStream(group[0]!, s)) {
      group = groups.find((g) => sameStream(g[0]!, s));
      if (!group) groups.push((group = []));
    }
    group.push(s);
  }
  // Best rank first; the paths of one device together, the finer-grained first, so the same reading
  // brought by two paths counts once and a day total only fills where hourly values have nothing.
  const streams = groups
    .map((list) => {
      const { source, device } = list[0]!;
      return {
        list,
        rank: rankOf(source, device),
        device: deviceKey(source, device),
        grain: grain(list, aggregation),
        key: streamKey(source, device),
      };
    })
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        a.device.localeCompare(b.device) ||
        (a.grain === b.grain ? 0 : a.grain < b.grain ? -1 : 1) ||
        a.key.localeCompare(b.key),
    );

  const covered = new Coverage();
  const result: MergeResult = {
    count: 0,
    sum: 0,
    min: null,
    max: null,
    last: null,
    lastAt: null,
    streams: [],
  };
  // What the earlier paths of the device at hand counted, for a coarser path of it (sum kinds).
  let ledger: DeviceLedger | undefined;
  let ledgerDevice: string | undefined;
  for (const [n, { list, rank, device }] of streams.entries()) {
    // Only a device with another path still to come needs a ledger (most days: one path a device).
    const morePaths = aggregation === 'sum' && streams[n + 1]?.device === device;
    if (device !== ledgerDevice) {
      ledger = undefined;
      ledgerDevice = device;
    }
    const counted: number[] = [];
    const first = list[0]!;
    const contribution: StreamContribution = {
      source: first.source,
      device: first.device,
      rank,
      contributed: 0,
      samples: list.length,
      samplesUsed: 0,
      msWon: 0,
    };
    if (isExcludedRank(rank)) {
      result.streams.push(contribution);
      continue;
    }
    const spans: number[] = [];
    // Totals written at an instant by a second path of a device stand for the time up to their next one.
    const ends = aggregation === 'sum' && ledger ? spannedEnds(list) : undefined;
    for (const [k, sample] of list.entries()) {
      const sampleEnd = ends?.[k] ?? sample.end;
      // An instant sample stands for INSTANT_COVERAGE_MS around it.
      const isInstant = sampleEnd <= sample.start;
      const s = isInstant ? sample.start - INSTANT_COVERAGE_MS / 2 : sample.start;
      const e = isInstant ? sample.start + INSTANT_COVERAGE_MS / 2 : sampleEnd;
      const free = e - s - covered.overlap(s, e);
      let share: number;
      if (aggregation === 'sum') {
        share = isInstant ? (covered.covers(sample.start) ? 0 : 1) : free / (e - s);
      } else {
        // A reading either counts whole or not at all: an average of half a reading means nothing.
        share = covered.covers(isInstant ? sample.start : (s + e) / 2) ? 0 : 1;
      }
      spans.push(s, e);
      let value = aggregation === 'sum' ? sample.value * share : sample.value;
      if (aggregation === 'sum' && !isInstant && ledger) {
        // The same device by a finer path already counted part of this span: this reading (a day
        // total, an hour) adds what it holds beyond that, spread over the time the finer path left open.
        const ownTime = ledger.coverage.overlap(s, e);
        if (ownTime > 0) {
          const open = e - s - ownTime;
          const beyond = Math.max(0, sample.value - ledger.valueWithin(s, e));
          value = open > 0 ? beyond * (free / open) : 0;
          share = value > 0 ? 1 : 0;
        }
      }
      if (share <= 0) continue;
      if (morePaths) counted.push(s, e, value);
      contribution.samplesUsed += 1;
      contribution.msWon += free;
      contribution.contributed += aggregation === 'sum' ? value : 1;
      result.count += 1;
      result.sum += value;
      result.min = result.min === null ? sample.value : Math.min(result.min, sample.value);
      result.max = result.max === null ? sample.value : Math.max(result.max, sample.value);
      if (result.lastAt === null || sample.start > result.lastAt) {
        result.last = sample.value;
        result.lastAt = sample.start;
      }
    }
    covered.addAll(spans);
    if (morePaths) (ledger ??= new DeviceLedger()).add(spans, counted);
    result.streams.push(contribution);
  }
  return result;
}

const DAY_MS = 86_400_000;

/**
 * The ends a stream's instant totals stand for, when another path of the same device counted already:
 * Health Auto Export writes an hour's or a day's steps at its start, with no end. Each runs to the next
 * reading of the stream; the last as long as the gap before it, a lone one for a day. Readings with an
 * end keep it (undefined).
 */
function spannedEnds(list: readonly MergeSample[]): (number | undefined)[] | undefined {
  if (!list.some((x) => x.end <= x.start)) return undefined;
  const order = list.map((_, i) => i).sort((a, b) => list[a]!.start - list[b]!.start);
  const ends: (number | undefined)[] = new Array(list.length);
  let gap = DAY_MS;
  for (let j = 0; j < order.length; j++) {
    const i = order[j]!;
    const x = list[i]!;
    if (x.end > x.start) continue;
    // The next reading that starts later (readings at the same instant share one span).
    let k = j + 1;
    while (k < order.length && list[order[k]!]!.start <= x.start) k++;
    if (k < order.length) gap = Math.min(DAY_MS, list[order[k]!]!.start - x.start);
    ends[i] = x.start + gap;
  }
  return ends;
}

/**
 * What one device's streams counted so far, by time: its coverage, and its counted readings as
 * [start, end, value] triples sorted by start, so a coarser path of the device can tell how much of
 * its own value a finer path already counted.
 */
class DeviceLedger {
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
