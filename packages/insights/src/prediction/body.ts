import { getMetric } from '@healthfolio/core';
import type { DailySeries, Finding } from '../types';
import { lastWholeDay } from '../shared/days';
import { chartSeries, cleanPoints, slicePoints } from '../shared/points';
import { linearRegression, predictionInterval, robustSigma } from '../stats';
import { minimumChange } from '../trend';
import { words } from '../words';

/** Body measures are projected this far ahead. */
export const HORIZON_DAYS = 30;
/** From the trend of this many recent days. */
export const FIT_DAYS = 60;
export const MIN_FIT_POINTS = 14;
/** The slope has to be this clear (two-sided t-test) before anything is projected. */
export const PREDICTION_ALPHA = 0.001;

/**
 * (b) of the prediction rule: where a body measure with a clear trend will be in 30 days, with a 95 %
 * prediction interval. The line is fitted on whole days (the 60 ending yesterday), as trends are.
 */
export function bodyPrediction(series: DailySeries, today: number, language?: string): Finding | undefined {
  const kind = series.metric;
  if (getMetric(kind)?.category !== 'body') return undefined;
  const to = lastWholeDay(today);
  const from = to - FIT_DAYS + 1;
  const points = slicePoints(cleanPoints(series), from, to);
  const n = points.days.length;
  if (n < MIN_FIT_POINTS) return undefined;
  // The readings have to cover the window, recent ones included, or the line is not today's trend.
  if (points.days[0]! > from + FIT_DAYS / 4 || points.days[n - 1]! < to - FIT_DAYS / 4) return undefined;
  const xs = points.days.map((day) => day - today);
  const fit = linearRegression(xs, points.values);
  if (!fit || !(fit.slopeP < PREDICTION_ALPHA)) return undefined;
  const residuals = xs.map((x, i) => points.values[i]! - (fit.intercept + fit.slope * x));
  const change = fit.slope * HORIZON_DAYS;
  if (Math.abs(change) < minimumChange(kind, fit.meanY, robustSigma(residuals))) return undefined;
  const at = predictionInterval(fit, HORIZON_DAYS);
  const target = today + HORIZON_DAYS;
  const w = words(language, today);
  return {
    key: `prediction:${kind}:${HORIZON_DAYS}d`,
    type: 'prediction',
    severity: 'info',
    title: w.say.bodyTitle(w.label(kind), w.value(kind, at.value), w.day(target)),
    description: w.say.bodyDescription(
      w.noun(kind),
      w.rate(kind, fit.slope, 'week'),
      FIT_DAYS,
      n,
      w.value(kind, at.value),
      w.day(target),
    ),
    evidence: w.say.bodyEvidence(FIT_DAYS, n, w.value(kind, at.low), w.value(kind, at.high)),
    actionable: false,
    recommendations: [],
    relatedMetrics: [kind],
    window: { from, to },
    values: {
      predicted: at.value,
      low: at.low,
      high: at.high,
      horizonDays: HORIZON_DAYS,
      slopePerDay: fit.slope,
      slopeSe: fit.slopeSe,
      p: fit.slopeP,
      n,
      residualSd: fit.residualSd,
    },
    series: [chartSeries(kind, series.unit, points)],
  };
}
