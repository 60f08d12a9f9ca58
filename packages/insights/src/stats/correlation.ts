import { normalQuantile, studentTTwoSidedP } from './distributions';

export interface Correlation {
  r: number;
  n: number;
  /** Two-sided p-value of "no correlation" (t with n − 2 degrees of freedom). */
  p: number;
  /** Confidence interval for r by Fisher's z transform. */
  low: number;
  high: number;
}

const none = (n: number): Correlation => ({ r: Number.NaN, n, p: 1, low: Number.NaN, high: Number.NaN });

/**
 * Pearson's r with its p-value and a Fisher-z interval. `seFactor` widens the z standard error
 * (1.06 for Spearman's rho, Fieller, Hartley & Pearson 1957). NaN r (p = 1) when either side is constant.
 */
export function pearson(
  xs: readonly number[],
  ys: readonly number[],
  confidence = 0.95,
  seFactor = 1,
): Correlation {
  const n = Math.min(xs.length, ys.length);
  if (n < 4) return none(n);
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  if (sxx === 0 || syy === 0) return none(n);
  const r = Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
  const t = Math.abs(r) === 1 ? Infinity : r * Math.sqrt((n - 2) / (1 - r * r));
  const z = Math.atanh(Math.max(-0.9999999, Math.min(0.9999999, r)));
  const half = (normalQuantile(1 - (1 - confidence) / 2) * Math.sqrt(seFactor)) / Math.sqrt(n - 3);
  return { r, n, p: studentTTwoSidedP(t, n - 2), low: Math.tanh(z - half), high: Math.tanh(z + half) };
}

/** 1-based ranks, ties sharing their average rank. Sorts a typed copy (no comparator calls: this runs for every pair). */
export function ranks(values: readonly number[]): number[] {
  const n = values.length;
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) sorted[i] = values[i]!;
  sorted.sort();
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const value = values[i]!;
    out[i] = (bound(sorted, value, false) + bound(sorted, value, true) + 1) / 2;
  }
  return out;
}

/** The first index holding a value ≥ (or, with `after`, >) the given one. */
function bound(sorted: Float64Array, value: number, after: boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]! < value || (after && sorted[mid] === value)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Spearman's rho: Pearson's r on the ranks, so one extreme day cannot make a correlation. */
export function spearman(xs: readonly number[], ys: readonly number[], confidence = 0.95): Correlation {
  return pearson(ranks(xs), ranks(ys), confidence, 1.06);
}
