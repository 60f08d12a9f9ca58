import type { DailySeries } from '../types';
import { lastWholeDay } from '../shared/days';
import { kindProfile } from '../shared/kinds';
import { cleanPoints, slicePoints, type Points } from '../shared/points';
import { mannKendall, median, robustSigma, theilSen, type MannKendall, type TheilSen } from '../stats';

/** Windows looked at, shortest first: a recent change is the more useful one to tell. */
export const TREND_WINDOWS = [30, 90] as const;
/** A window needs this many days with data, spread over it: the first and the last quarter both hold some. */
export const MIN_TREND_DAYS = 14;
/** Mann–Kendall two-sided significance a trend needs. */
export const TREND_ALPHA = 0.001;
/** A change also has to be at least this many of the person's day-to-day standard deviations. */
export const TREND_MIN_SIGMAS = 0.5;

export interface Trend {
  kind: string;
  direction: 'up' | 'down';
  windowDays: number;
  from: number;
  to: number;
  points: Points;
  fit: TheilSen;
  test: MannKendall;
  /** Change over the window at the fitted rate. */
  change: number;
  /** The smallest change that counts for this kind and person. */
  threshold: number;
  median: number;
  /** Robust standard deviation of the days around the line. */
  sigma: number;
}

/** The meaningful change for a kind: its own minimum, or half the person's day-to-day spread if larger. */
export function minimumChange(kind: string, center: number, sigma: number): number {
  const { absolute = 0, relative = 0 } = kindProfile(kind).minChange;
  return Math.max(absolute, relative * Math.abs(center), TREND_MIN_SIGMAS * sigma);
}

/** The trend over one window ending on day `to`, when it is both statistically clear and large enough. */
export function trendInWindow(kind: string, all: Points, windowDays: number, to: number): Trend | undefined {
  const from = to - windowDays + 1;
  const points = slicePoints(all, from, to);
  if (points.days.length < MIN_TREND_DAYS) return undefined;
  const quarter = windowDays / 4;
  if (points.days[0]! > from + quarter || points.days[points.days.length - 1]! < to - quarter)
    return undefined;
  const test = mannKendall(points.days, points.values);
  if (!(test.p < TREND_ALPHA)) return undefined;
  const fit = theilSen(points.days, points.values);
  if (!Number.isFinite(fit.slope) || fit.slope === 0) return undefined;
  const residuals = points.days.map((day, i) => points.values[i]! - (fit.intercept + fit.slope * day));
  const sigma = robustSigma(residuals);
  const center = median(points.values);
  const change = fit.slope * windowDays;
  const threshold = minimumChange(kind, center, sigma);
  if (Math.abs(change) < threshold) return undefined;
  // Sen's interval has to agree with the test: a rate that could be zero is no trend.
  if (fit.low <= 0 && fit.high >= 0) return undefined;
  const direction = change > 0 ? 'up' : 'down';
  return {
    kind,
    direction,
    windowDays,
    from,
    to,
    points,
    fit,
    test,
    change,
    threshold,
    median: center,
    sigma,
  };
}

/**
 * The first window (30, then 90 days) with a clear, meaningful trend. The windows end yesterday, the
 * last whole day: a day in progress would pull the line down for every total (steps at 8 am).
 */
export function detectTrend(series: DailySeries | undefined, today: number): Trend | undefined {
  if (!series) return undefined;
  const all = cleanPoints(series);
  for (const windowDays of TREND_WINDOWS) {
    const trend = trendInWindow(series.metric, all, windowDays, lastWholeDay(today));
    if (trend) return trend;
  }
  return undefined;
}
