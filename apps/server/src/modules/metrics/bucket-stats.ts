import type { MetricAggregation } from '@healthfolio/core';
import { isExcludedRank, mergeStreams, type MergeSample } from './merge';

/** count/sum/min/max/last of a bucket; combines by addition, so days roll up into weeks and months. */
export interface Stats {
  count: number;
  sum: number;
  min: number | null;
  max: number | null;
  last: number | null;
  lastAt: number | null;
}

export const emptyStats = (): Stats => ({ count: 0, sum: 0, min: null, max: null, last: null, lastAt: null });

export function addStats(into: Stats, s: Stats): void {
  into.count += s.count;
  into.sum += s.sum;
  if (s.min !== null) into.min = into.min === null ? s.min : Math.min(into.min, s.min);
  if (s.max !== null) into.max = into.max === null ? s.max : Math.max(into.max, s.max);
  if (s.lastAt !== null && (into.lastAt === null || s.lastAt >= into.lastAt)) {
    into.lastAt = s.lastAt;
    into.last = s.last;
  }
}

/** Stats of a set of samples, merged by priority when several streams are among them. */
export function statsOfSamples(
  samples: readonly MergeSample[],
  aggregation: MetricAggregation,
  rank: (source: string, device: string | null) => number,
): Stats {
  const first = samples[0];
  const single =
    first !== undefined && samples.every((s) => s.source === first.source && s.device === first.device);
  if (!single) {
    const m = mergeStreams(samples, aggregation, rank);
    return { count: m.count, sum: m.sum, min: m.min, max: m.max, last: m.last, lastAt: m.lastAt };
  }
  const stats = emptyStats();
  // One stream the person has left out (sandbox data): nothing counts.
  if (first !== undefined && isExcludedRank(rank(first.source, first.device))) return stats;
  for (const s of samples)
    addStats(stats, { count: 1, sum: s.value, min: s.value, max: s.value, last: s.value, lastAt: s.start });
  return stats;
}

export function publicStats(s: Stats) {
  return { min: s.min, max: s.max, avg: s.count > 0 ? s.sum / s.count : null, sum: s.sum, count: s.count };
}
