import { normalTwoSidedP } from './distributions';

export interface MannKendall {
  /** Concordant minus discordant pairs. */
  s: number;
  /** Var(S) under no trend, corrected for ties. */
  variance: number;
  /** Continuity-corrected normal score. */
  z: number;
  /** Two-sided p-value of "no monotonic trend". */
  p: number;
  /** Kendall's tau-a: S over the number of pairs. */
  tau: number;
  n: number;
}

/**
 * The Mann–Kendall test for a monotonic trend in `ys` over strictly increasing `xs` (Mann 1945,
 * Kendall 1975). O(n²): callers keep n to a window of days (≤ a few hundred).
 */
export function mannKendall(xs: readonly number[], ys: readonly number[]): MannKendall {
  const n = Math.min(xs.length, ys.length);
  let s = 0;
  for (let i = 0; i < n - 1; i++) {
    const yi = ys[i]!;
    for (let j = i + 1; j < n; j++) s += Math.sign(ys[j]! - yi);
  }
  const ties = new Map<number, number>();
  for (let i = 0; i < n; i++) ties.set(ys[i]!, (ties.get(ys[i]!) ?? 0) + 1);
  let tieTerm = 0;
  for (const t of ties.values()) tieTerm += t * (t - 1) * (2 * t + 5);
  const variance = (n * (n - 1) * (2 * n + 5) - tieTerm) / 18;
  const z = variance > 0 ? (s - Math.sign(s)) / Math.sqrt(variance) : 0;
  const pairs = (n * (n - 1)) / 2;
  return { s, variance, z, p: variance > 0 ? normalTwoSidedP(z) : 1, tau: pairs > 0 ? s / pairs : 0, n };
}
