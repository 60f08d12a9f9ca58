import type { EngineInput, Finding, InsightRule } from '../types';
import { decimalsFor } from '../shared/format';
import { isNumericKind, kindProfile } from '../shared/kinds';
import { chartSeries } from '../shared/points';
import { words, type Words } from '../words';
import { trendAdvice } from './advice';
import { detectTrend, type Trend } from './detect';

export {
  detectTrend,
  minimumChange,
  trendInWindow,
  TREND_ALPHA,
  TREND_WINDOWS,
  MIN_TREND_DAYS,
} from './detect';
export type { Trend } from './detect';
export { trendAdvice } from './advice';

/** Whether a trend goes the unhealthy way for its kind (resting heart rate up, sleep down …). */
export function isUnhealthy(trend: Pick<Trend, 'kind' | 'direction'>): boolean {
  const better = kindProfile(trend.kind).better;
  return better !== undefined && better !== trend.direction;
}

/** What a steady change may mean, in a sentence. */
function trendMeaning(trend: Trend, w: Words): string {
  const better = kindProfile(trend.kind).better;
  return w.say.trendMeaning(
    better === undefined ? undefined : (better === 'up') === (trend.direction === 'up'),
  );
}

export function trendFinding(trend: Trend, unit: string, today: number, language?: string): Finding {
  const w = words(language, today);
  const { kind, direction, fit, test, windowDays, from, to } = trend;
  const start = fit.intercept + fit.slope * from;
  const end = fit.intercept + fit.slope * to;
  const unhealthy = isUnhealthy(trend);
  const large = Math.abs(trend.change) >= 1.5 * trend.threshold;
  const recommendations = unhealthy ? trendAdvice(kind, w) : [];
  const digits = decimalsFor(fit.slope);
  const up = direction === 'up';
  return {
    key: `trend:${kind}:${direction}`,
    type: 'trend',
    severity: unhealthy && large ? 'warning' : 'info',
    title: w.say.trendTitle(w.label(kind), up, w.amount(kind, trend.change), windowDays),
    description: `${w.say.trendDescription(
      w.noun(kind),
      up,
      w.amount(kind, trend.change),
      w.day(from),
      w.day(to),
      w.value(kind, start),
      w.value(kind, end),
    )} ${trendMeaning(trend, w)}`,
    evidence: w.say.trendEvidence(
      w.rate(kind, fit.slope),
      w.number(fit.low, digits),
      w.number(fit.high, digits),
      w.p(test.p),
      trend.points.days.length,
    ),
    actionable: recommendations.length > 0,
    recommendations,
    relatedMetrics: [kind],
    window: { from, to },
    values: {
      slopePerDay: fit.slope,
      slopeLow: fit.low,
      slopeHigh: fit.high,
      change: trend.change,
      windowDays,
      n: trend.points.days.length,
      tau: test.tau,
      p: test.p,
      median: trend.median,
      robustSigma: trend.sigma,
      minimumChange: trend.threshold,
      start,
      end,
    },
    series: [chartSeries(kind, unit, trend.points)],
  };
}

/** A sustained change over the last 30 (or else 90) days, per metric. */
export const trendRule: InsightRule = (input: EngineInput) => {
  const findings: Finding[] = [];
  for (const series of input.series.values()) {
    if (!isNumericKind(series.metric)) continue;
    const trend = detectTrend(series, input.today);
    if (trend) findings.push(trendFinding(trend, series.unit, input.today, input.language));
  }
  return findings;
};
