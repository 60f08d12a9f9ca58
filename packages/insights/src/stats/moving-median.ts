/**
 * Each value minus the median of the values within ±`halfWidth` positions of it: what is left after a
 * slow drift (a season, a diet) is taken out. O(n·w log w), on typed arrays so it stays cheap.
 */
export function detrendByMovingMedian(values: readonly number[], halfWidth: number): number[] {
  const n = values.length;
  const all = Float64Array.from(values);
  return values.map((value, i) => {
    const window = all.slice(Math.max(0, i - halfWidth), Math.min(n, i + halfWidth + 1)).sort();
    const mid = window.length >> 1;
    const median = window.length % 2 === 1 ? window[mid]! : (window[mid - 1]! + window[mid]!) / 2;
    return value - median;
  });
}
