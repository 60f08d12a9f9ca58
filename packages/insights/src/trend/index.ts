import type { EngineInput, Finding, InsightRule } from '../types';
import { formatDay } from '../shared/days';
import { decimalsFor, formatAmount, formatNumber, formatP, formatRate, formatValue } from '../shared/format';
import { isNumericKind, kindLabel, kindNoun, kindProfile } from '../shared/kinds';
import { chartSeries } from '../shared/points';
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
function trendMeaning(trend: Trend): string {
  const better = kindProfile(trend.kind).better;
  if (better === undefined) return 'A steady change rather than a few odd days.';
  const good = (better === 'up') === (trend.direction === 'up');
  return good
    ? 'A steady change in a healthy direction.'
    : 'A steady change worth keeping an eye on, rather than a few odd days.';
}

export function trendFinding(trend: Trend, unit: string, today: number): Finding {
  const { kind, direction, fit, test, windowDays, from, to } = trend;
  const start = fit.intercept + fit.slope * from;
  const end = fit.intercept + fit.slope * to;
  const unhealthy = isUnhealthy(trend);
  const large = Math.abs(trend.change) >= 1.5 * trend.threshold;
  const recommendations = unhealthy ? trendAdvice(kind) : [];
  const digits = decimalsFor(fit.slope);
  const rate = `${formatRate(kind, fit.slope)} (95 % interval ${formatNumber(fit.low, digits)} to ${formatNumber(fit.high, digits)})`;
  return {
    key: `trend:${kind}:${direction}`,
    type: 'trend',
    severity: unhealthy && large ? 'warning' : 'info',
    title: `${kindLabel(kind)} ${direction} ${formatAmount(kind, trend.change)} over ${windowDays} days`,
    description:
      `Your ${kindNoun(kind)} went ${direction} by about ${formatAmount(kind, trend.change)} between ` +
      `${formatDay(from, today)} and ${formatDay(to, today)}, from about ${formatValue(kind, start)} to ` +
      `${formatValue(kind, end)}. ${trendMeaning(trend)}`,
    evidence:
      `A steady rate of ${rate} (Theil–Sen), Mann–Kendall ${formatP(test.p)}, ` +
      `over ${trend.points.days.length} days with data.`,
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
    if (trend) findings.push(trendFinding(trend, series.unit, input.today));
  }
  return findings;
};
