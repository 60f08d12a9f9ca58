import { getMetric } from '@healthfolio/core';
import type { EngineInput, Finding, InsightRule } from '../types';
import { formatDay } from '../shared/days';
import { formatNumber, formatP } from '../shared/format';
import { capitalise, kindNoun } from '../shared/kinds';
import { chartSeries, cleanPoints, slicePoints } from '../shared/points';
import {
  allTests,
  correlationWindow,
  CORRELATION_WINDOW_DAYS,
  significantPairs,
  windowResiduals,
  type PairTest,
} from './analyse';
import { WEIGHT_CHANGE } from './pairs';

export {
  allTests,
  correlationWindow,
  significantPairs,
  windowResiduals,
  CORRELATION_WINDOW_DAYS,
  FAMILY_ALPHA,
  MIN_ABS_R,
  MIN_PAIRED_DAYS,
} from './analyse';
export { curatedPairs } from './pairs';
export { excludedPairs, isExcludedPair } from './excluded';

/** At most this many correlations are told at once, the strongest first. */
export const MAX_CORRELATIONS = 5;

const baseKind = (kind: string) => (kind === WEIGHT_CHANGE ? 'weight' : kind);

function noun(kind: string): string {
  return kind === WEIGHT_CHANGE ? 'weight change' : kindNoun(kind);
}

/** "more"/"less" for amounts (steps, sleep), "higher"/"lower" for levels (heart rate). */
function comparative(kind: string, up: boolean): string {
  if (kind === WEIGHT_CHANGE) return up ? 'a rise in' : 'a fall in';
  const amount = getMetric(kind)?.aggregation === 'sum';
  return amount ? (up ? 'more' : 'less') : up ? 'higher' : 'lower';
}

/** What the link may mean when no curated pair says it better. */
const GENERIC_MEANING =
  'The two often go together in your data; worth watching, though it does not prove one causes the other.';

/** "longer/shorter" for durations (sleep), "higher/lower" for the rest. */
function higher(kind: string, up: boolean): string {
  if (getMetric(kind)?.valueType === 'duration') return up ? 'longer' : 'shorter';
  return up ? 'higher' : 'lower';
}

/**
 * The finding in everyday words: "After days with more steps than usual, your sleep the next day was
 * usually longer." Amounts are "more/less", levels "higher/lower".
 */
export function plainCorrelation(a: string, b: string, lag: 0 | 1, up: boolean): string {
  const amount = getMetric(a)?.aggregation === 'sum';
  const cause = `${amount ? 'more' : 'a higher'} ${noun(a)} than usual`;
  const when = lag === 1 ? 'the next day' : 'that day';
  const effect =
    b === WEIGHT_CHANGE
      ? `your weight usually went ${up ? 'up' : 'down'} ${when}`
      : `your ${noun(b)} ${when} was usually ${higher(b, up)}`;
  // A night is filed under the day it ends: "that day" is the morning after it.
  if (a === 'sleep_duration' && lag === 0)
    return `After nights with more sleep than usual, your ${noun(b)} the next morning was usually ${higher(b, up)}.`;
  return `${lag === 1 ? 'After' : 'On'} days with ${cause}, ${effect}.`;
}

function correlationFinding(test: PairTest, tests: number, input: EngineInput): Finding {
  const { a, b, lag, result } = test;
  const up = result.r > 0;
  const when =
    a === 'sleep_duration' && lag === 0 ? 'the morning after' : lag === 1 ? 'the next day' : 'the same day';
  const title = `${capitalise(comparative(a, true))} ${noun(a)}, ${comparative(b, up)} ${noun(b)} ${when}`;
  const specific = up ? test.curated?.advice?.positive : test.curated?.advice?.negative;
  const meaning = (up ? test.curated?.meaning?.positive : test.curated?.meaning?.negative) ?? GENERIC_MEANING;
  const recommendations = [
    ...(specific ? [specific] : []),
    'This is an association in your own data, not proof that one causes the other.',
  ];
  const { from, to } = correlationWindow(input.today);
  const charted = (kind: string) => {
    const series = input.series.get(kind);
    return chartSeries(kind, series?.unit ?? '', slicePoints(cleanPoints(series), to - 119, to));
  };
  const related = [...new Set([baseKind(a), baseKind(b)])];
  return {
    // Curated pairs keep their order; others are sorted, so a lag flipping sides keeps the key.
    key: `correlation:${(test.curated ? [a, b] : [a, b].sort()).join(':')}`,
    type: 'correlation',
    severity: 'info',
    title,
    description: `${plainCorrelation(a, b, lag, up)} ${meaning}`,
    evidence:
      `Over the last ${CORRELATION_WINDOW_DAYS} days (${result.n} days with both, from ${formatDay(from, input.today)}): ` +
      `Spearman r = ${formatNumber(result.r, 2)} (95 % interval ` +
      `${formatNumber(result.low, 2)} to ${formatNumber(result.high, 2)}), ${formatP(result.p)}, ` +
      `significant after correcting for the ${tests} pairings tested. Slow drifts over weeks are taken out first.`,
    actionable: specific !== undefined,
    recommendations,
    relatedMetrics: related,
    window: { from, to },
    values: {
      r: result.r,
      n: result.n,
      lag,
      p: result.p,
      pAdjusted: Math.min(1, result.p * tests),
      tests,
      rLow: result.low,
      rHigh: result.high,
      leader: a,
      follower: b,
    },
    series: related.map(charted),
  };
}

/** Correlations between pairs of metrics, same day or the next, that the data clearly supports. */
export const correlationRule: InsightRule = (input: EngineInput) => {
  const residuals = windowResiduals(input);
  if (residuals.size < 2) return [];
  const tests = allTests(residuals);
  return significantPairs(tests)
    .slice(0, MAX_CORRELATIONS)
    .map((test) => correlationFinding(test, tests.length, input));
};
