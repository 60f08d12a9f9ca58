import { isSandboxDevice, plainDevice } from '@healthfolio/core';
import { DeviceLedger, Coverage } from './merge-coverage';

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
