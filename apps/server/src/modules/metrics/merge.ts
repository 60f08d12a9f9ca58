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

type Interval = [number, number];

/** Sorted, disjoint intervals; `add` merges, `overlap` measures. */
class Coverage {
  private readonly intervals: Interval[] = [];

  overlap(start: number, end: number): number {
    let total = 0;
    for (const [s, e] of this.intervals) {
      if (s >= end) break;
      if (e <= start) continue;
      total += Math.min(e, end) - Math.max(s, start);
    }
    return total;
  }

  covers(t: number): boolean {
    return this.intervals.some(([s, e]) => s <= t && t < e);
  }

  addAll(items: Interval[]): void {
    const all = [...this.intervals, ...items].sort((a, b) => a[0] - b[0]);
    this.intervals.length = 0;
    for (const [s, e] of all) {
      const last = this.intervals[this.intervals.length - 1];
      if (last && s <= last[1]) last[1] = Math.max(last[1], e);
      else this.intervals.push([s, e]);
    }
  }
}

function spanOf(sample: MergeSample): Interval {
  if (sample.end > sample.start) return [sample.start, sample.end];
  const half = INSTANT_COVERAGE_MS / 2;
  return [sample.start - half, sample.start + half];
}

/**
 * Merges one metric's samples for one slice of time (a day). `rankOf` gives each stream's priority,
 * lower first. For `sum` metrics a sample that is partly covered by a better stream counts pro rata.
 */
export function mergeStreams(
  samples: readonly MergeSample[],
  aggregation: 'sum' | 'avg' | 'last',
  rankOf: (source: string, device: string | null) => number,
): MergeResult {
  const byStream = new Map<string, MergeSample[]>();
  for (const s of samples) {
    const key = streamKey(s.source, s.device);
    const list = byStream.get(key);
    if (list) list.push(s);
    else byStream.set(key, [s]);
  }
  const streams = [...byStream.values()]
    .map((list) => ({ list, rank: rankOf(list[0]!.source, list[0]!.device) }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        streamKey(a.list[0]!.source, a.list[0]!.device).localeCompare(
          streamKey(b.list[0]!.source, b.list[0]!.device),
        ),
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
  for (const { list, rank } of streams) {
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
    const spans: Interval[] = [];
    for (const sample of list) {
      const [s, e] = spanOf(sample);
      const free = e - s - covered.overlap(s, e);
      const isInstant = sample.end <= sample.start;
      let share: number;
      if (aggregation === 'sum') {
        share = isInstant ? (covered.covers(sample.start) ? 0 : 1) : free / (e - s);
      } else {
        // A reading either counts whole or not at all: an average of half a reading means nothing.
        share = covered.covers(isInstant ? sample.start : (s + e) / 2) ? 0 : 1;
      }
      spans.push([s, e]);
      if (share <= 0) continue;
      const value = aggregation === 'sum' ? sample.value * share : sample.value;
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
    result.streams.push(contribution);
  }
  return result;
}
