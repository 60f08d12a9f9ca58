/** The arithmetic mean; NaN for no values. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let total = 0;
  for (const value of values) total += value;
  return total / values.length;
}

/** The middle of the sorted values (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  // A typed copy sorts numerically without a comparator call per step: this runs thousands of times a run.
  return medianOfSorted(Float64Array.from(values).sort());
}

/** The median of values already sorted ascending. */
export function medianOfSorted(sorted: ArrayLike<number>): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const mid = n >> 1;
  return n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median absolute deviation from the median (unscaled); NaN for no values. */
export function mad(values: readonly number[], center = median(values)): number {
  return median(values.map((value) => Math.abs(value - center)));
}

/**
 * 1.4826 · MAD: the standard deviation a normal sample with this MAD would have, but hardly moved by
 * outliers (Rousseeuw & Croux 1993).
 */
export function robustSigma(values: readonly number[], center = median(values)): number {
  return 1.4826 * mad(values, center);
}

/** The sample standard deviation (n − 1); NaN for fewer than two values. */
export function standardDeviation(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return Number.NaN;
  const m = mean(values);
  let squares = 0;
  for (const value of values) squares += (value - m) ** 2;
  return Math.sqrt(squares / (n - 1));
}
