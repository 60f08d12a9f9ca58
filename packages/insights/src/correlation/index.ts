import { getMetric } from '@healthfolio/core';
import type { EngineInput, Finding, InsightRule } from '../types';
import { chartSeries, cleanPoints, slicePoints } from '../shared/points';
import { words, type Words } from '../words';
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

function noun(kind: string, w: Words): string {
  return kind === WEIGHT_CHANGE ? w.say.weightChange : w.noun(kind);
}

/** "more"/"less" for amounts (steps, sleep), "higher"/"lower" for levels (heart rate). */
function comparative(kind: string, up: boolean, w: Words): string {
  if (kind === WEIGHT_CHANGE) return w.say.comparative('change', up);
  return w.say.comparative(getMetric(kind)?.aggregation === 'sum' ? 'amount' : 'level', up);
}

/** "longer/shorter" for durations (sleep), "higher/lower" for the rest. */
function higher(kind: string, up: boolean, w: Words): string {
  return w.say.higher(getMetric(kind)?.valueType === 'duration', up);
}

/**
 * The finding in everyday words: "After days with more steps than usual, your sleep the next day was
 * usually longer." Amounts are "more/less", levels "higher/lower".
 */
export function plainCorrelation(
  a: string,
  b: string,
  lag: 0 | 1,
  up: boolean,
  w: Words = words('en', 0),
): string {
  return w.say.plainCorrelation(
    noun(a, w),
    noun(b, w),
    getMetric(a)?.aggregation === 'sum',
    lag,
    higher(b, up, w),
    b === WEIGHT_CHANGE ? up : undefined,
    // A night is filed under the day it ends: "that day" is the morning after it.
    a === 'sleep_duration' && lag === 0,
  );
}

/** A curated pair's meaning and advice in the person's language (English lives with the pairs). */
function curatedText(test: PairTest, up: boolean, w: Words) {
  const sign = up ? 'positive' : 'negative';
  const translated = w.say.pairs[`${test.a}:${test.b}`];
  return {
    meaning: translated?.meaning?.[sign] ?? test.curated?.meaning?.[sign],
    advice: translated?.advice?.[sign] ?? test.curated?.advice?.[sign],
  };
}

function correlationFinding(test: PairTest, tests: number, input: EngineInput): Finding {
  const w = words(input.language, input.today);
  const { a, b, lag, result } = test;
  const up = result.r > 0;
  const when = a === 'sleep_duration' && lag === 0 ? 'morning' : lag === 1 ? 'next' : 'same';
  const title = w.say.correlationTitle(
    noun(a, w),
    noun(b, w),
    comparative(a, true, w),
    comparative(b, up, w),
    when,
  );
  const curated = curatedText(test, up, w);
  const specific = curated.advice;
  const meaning = curated.meaning ?? w.say.genericMeaning;
  const recommendations = [...(specific ? [specific] : []), w.say.associationOnly];
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
    description: `${plainCorrelation(a, b, lag, up, w)} ${meaning}`,
    evidence: w.say.correlationEvidence(
      CORRELATION_WINDOW_DAYS,
      result.n,
      w.day(from),
      w.number(result.r, 2),
      w.number(result.low, 2),
      w.number(result.high, 2),
      w.p(result.p),
      tests,
    ),
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
