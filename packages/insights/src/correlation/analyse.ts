import type { EngineInput } from '../types';
import { lastWholeDay } from '../shared/days';
import { isNumericKind } from '../shared/kinds';
import { cleanPoints, slicePoints, type Points } from '../shared/points';
import { detrendByMovingMedian, spearman, type Correlation } from '../stats';
import { isExcludedPair } from './excluded';
import { curatedPairs, WEIGHT_CHANGE, type CuratedPair } from './pairs';

/** The window correlations are measured over. */
export const CORRELATION_WINDOW_DAYS = 365;
export const MIN_PAIRED_DAYS = 30;
/** Effect size a correlation needs, whatever its p-value. */
export const MIN_ABS_R = 0.3;
/** Family-wise error rate, split over every test made (Bonferroni). */
export const FAMILY_ALPHA = 0.05;
/** Slow drifts (seasons, diets) are taken out with a ±14-day moving median before correlating. */
export const DETREND_HALF_WIDTH = 14;

export interface PairTest {
  a: string;
  b: string;
  lag: 0 | 1;
  result: Correlation;
  curated?: CuratedPair;
}

export interface Residuals {
  points: Points;
  byDay: Map<number, number>;
}

function residualsOf(points: Points): Residuals {
  const residuals = detrendByMovingMedian(points.values, DETREND_HALF_WIDTH);
  return { points, byDay: new Map(points.days.map((day, i) => [day, residuals[i]!])) };
}

function weightChange(points: Points): Points {
  const out: Points = { days: [], values: [] };
  for (let i = 1; i < points.days.length; i++) {
    if (points.days[i] !== points.days[i - 1]! + 1) continue;
    out.days.push(points.days[i]!);
    out.values.push(points.values[i]! - points.values[i - 1]!);
  }
  return out;
}

/** The window correlations are measured over: the last 365 whole days, ending yesterday. */
export function correlationWindow(today: number): { from: number; to: number } {
  const to = lastWholeDay(today);
  return { from: to - CORRELATION_WINDOW_DAYS + 1, to };
}

/**
 * Each present kind's detrended values in the window, by day. The day in progress is not in it: its
 * partial totals would pair a short day of steps with a short day of calories and pass for a link.
 */
export function windowResiduals(input: EngineInput): Map<string, Residuals> {
  const { from, to } = correlationWindow(input.today);
  const out = new Map<string, Residuals>();
  for (const series of input.series.values()) {
    if (!isNumericKind(series.metric)) continue;
    const points = slicePoints(cleanPoints(series), from, to);
    if (points.days.length < MIN_PAIRED_DAYS) continue;
    out.set(series.metric, residualsOf(points));
    if (series.metric === 'weight') out.set(WEIGHT_CHANGE, residualsOf(weightChange(points)));
  }
  return out;
}

/** Spearman's rho between a on day d and b on day d + lag, over the days both have. */
export function pairTest(
  residuals: Map<string, Residuals>,
  a: string,
  b: string,
  lag: 0 | 1,
): Correlation | undefined {
  const left = residuals.get(a);
  const right = residuals.get(b);
  if (!left || !right) return undefined;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [day, x] of left.byDay) {
    const y = right.byDay.get(day + lag);
    if (y === undefined) continue;
    xs.push(x);
    ys.push(y);
  }
  if (xs.length < MIN_PAIRED_DAYS) return undefined;
  const result = spearman(xs, ys);
  return Number.isFinite(result.r) ? result : undefined;
}

/**
 * Every test the rule makes: the curated pairs at their lags, then every other pair of present kinds at
 * lag 0 and at lag 1 both ways, except those trivially coupled or meaningless (excluded.ts).
 */
export function allTests(residuals: Map<string, Residuals>): PairTest[] {
  const tests: PairTest[] = [];
  const seen = new Set<string>();
  const pairKey = (a: string, b: string) => [a, b].sort().join('|');
  for (const curated of curatedPairs) {
    seen.add(pairKey(curated.a, curated.b));
    for (const lag of curated.lags) {
      const result = pairTest(residuals, curated.a, curated.b, lag);
      if (result) tests.push({ a: curated.a, b: curated.b, lag, result, curated });
    }
  }
  const kinds = [...residuals.keys()].filter((kind) => kind !== WEIGHT_CHANGE).sort();
  for (let i = 0; i < kinds.length; i++) {
    for (let j = i + 1; j < kinds.length; j++) {
      const a = kinds[i]!;
      const b = kinds[j]!;
      if (seen.has(pairKey(a, b))) continue;
      const candidates: [string, string, 0 | 1][] = [
        [a, b, 0],
        [a, b, 1],
        [b, a, 1],
      ];
      for (const [x, y, lag] of candidates) {
        if (isExcludedPair(x, y, lag)) continue;
        const result = pairTest(residuals, x, y, lag);
        if (result) tests.push({ a: x, b: y, lag, result });
      }
    }
  }
  return tests;
}

/**
 * The tests that pass: |r| ≥ 0.3 and p below 0.05 over the number of tests; the best lag per pair. The
 * pairs with a known mechanism (curated) come first, a next-day link before a same-day one, then the
 * strongest: behaviour followed by its effect says more than two readings of one day.
 */
export function significantPairs(tests: readonly PairTest[]): PairTest[] {
  const threshold = FAMILY_ALPHA / Math.max(1, tests.length);
  const best = new Map<string, PairTest>();
  for (const test of tests) {
    if (Math.abs(test.result.r) < MIN_ABS_R || !(test.result.p < threshold)) continue;
    const key = [test.a, test.b].sort().join('|');
    const current = best.get(key);
    if (!current || test.result.p < current.result.p) best.set(key, test);
  }
  const preference = (test: PairTest) => (test.curated ? 0 : 2) + (test.lag === 1 ? 0 : 1);
  return [...best.values()].sort(
    (x, y) => preference(x) - preference(y) || Math.abs(y.result.r) - Math.abs(x.result.r),
  );
}
