import { normalQuantile } from './distributions';
import { mannKendall } from './mann-kendall';
import { median, medianOfSorted } from './summary';

export interface TheilSen {
  /** Median of the pairwise slopes, per unit of x. */
  slope: number;
  /** Median of y − slope·x. */
  intercept: number;
  /** Sen's (1968) distribution-free confidence interval for the slope. */
  low: number;
  high: number;
  confidence: number;
  n: number;
}

/** Above this many points the fit runs on an evenly thinned subset, so the cost stays bounded. */
const MAX_POINTS = 200;

function thin<T>(values: readonly T[], count: number): T[] {
  if (values.length <= count) return [...values];
  const step = (values.length - 1) / (count - 1);
  return Array.from({ length: count }, (_, i) => values[Math.round(i * step)]!);
}

/**
 * The Theil–Sen line through (xs, ys), xs strictly increasing: robust to a few wild days (breakdown
 * point 29 %). O(n² log n) on at most MAX_POINTS points.
 */
export function theilSen(xsIn: readonly number[], ysIn: readonly number[], confidence = 0.95): TheilSen {
  const xs = thin(xsIn, MAX_POINTS);
  const ys = thin(ysIn, MAX_POINTS);
  const n = Math.min(xs.length, ys.length);
  const slopes: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = xs[j]! - xs[i]!;
      if (dx !== 0) slopes.push((ys[j]! - ys[i]!) / dx);
    }
  }
  if (slopes.length === 0) {
    return { slope: Number.NaN, intercept: Number.NaN, low: Number.NaN, high: Number.NaN, confidence, n };
  }
  slopes.sort((a, b) => a - b);
  const slope = medianOfSorted(slopes);
  const intercept = median(xs.slice(0, n).map((x, i) => ys[i]! - slope * x));
  const { variance } = mannKendall(xs, ys);
  const c = normalQuantile(1 - (1 - confidence) / 2) * Math.sqrt(variance);
  const count = slopes.length;
  const lowRank = Math.max(0, Math.floor((count - c) / 2) - 1);
  const highRank = Math.min(count - 1, Math.ceil((count + c) / 2));
  return { slope, intercept, low: slopes[lowRank]!, high: slopes[highRank]!, confidence, n };
}
