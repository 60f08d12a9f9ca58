import type { GoalPrediction } from '@healthfolio/core';
import type { GoalSpec } from '../types';
import { isoDay } from '../shared/days';
import { slicePoints, type Points } from '../shared/points';
import { crossing, linearRegression } from '../stats';

/** The trend behind a prediction is fitted on this many recent days of readings. */
export const PREDICTION_WINDOW_DAYS = 60;
/** Fewer readings than this give no prediction. */
export const MIN_PREDICTION_POINTS = 5;
/** A date further out than this is as good as never. */
const HORIZON_DAYS = 3650;

/** The readings a prediction rests on: the last 60 days, or for sparse kinds (labs) the last year's. */
export function predictionPoints(points: Points, today: number): Points {
  const recent = slicePoints(points, today - PREDICTION_WINDOW_DAYS + 1, today);
  if (recent.days.length >= MIN_PREDICTION_POINTS) return recent;
  return slicePoints(points, today - 364, today);
}

/**
 * When a by-date goal will be reached at the current rate: a least-squares line through the recent
 * readings, its crossing of the target, and Fieller's 95 % interval for that day. The date is null when
 * the line moves away from the target or is not clearly moving at all (slope p ≥ 0.05).
 */
export function predictGoal(goal: GoalSpec, points: Points, today: number): GoalPrediction | null {
  const window = predictionPoints(points, today);
  if (window.days.length < MIN_PREDICTION_POINTS) return null;
  const fit = linearRegression(
    window.days.map((day) => day - today),
    window.values,
  );
  if (!fit) return null;
  const ratePerDay = fit.slope;
  const latest = window.values[window.values.length - 1]!;
  const reached = goal.direction === 'at_least' ? latest >= goal.target : latest <= goal.target;
  if (reached) {
    const day = isoDay(window.days[window.days.length - 1]!);
    return { date: day, low: day, high: day, onTrack: true, ratePerDay };
  }
  const neededSign = Math.sign(goal.target - latest);
  const away: GoalPrediction = { date: null, low: null, high: null, onTrack: false, ratePerDay };
  if (Math.sign(fit.slope) !== neededSign || fit.slopeP >= 0.05) return away;
  const result = crossing(fit, goal.target);
  if (!result || !Number.isFinite(result.x) || result.x > HORIZON_DAYS) return away;
  const date = today + Math.max(0, Math.ceil(result.x));
  // Whole days that contain the interval, and always the predicted day itself (a near-exact fit
  // otherwise rounds its interval to one day beside the date).
  const low = result.low === null ? null : Math.min(date, today + Math.max(0, Math.floor(result.low)));
  const high =
    result.high === null || result.high > HORIZON_DAYS
      ? null
      : Math.max(date, today + Math.max(0, Math.ceil(result.high)));
  return {
    date: isoDay(date),
    low: low === null ? null : isoDay(low),
    high: high === null ? null : isoDay(high),
    onTrack: goal.deadline === null || date <= goal.deadline,
    ratePerDay,
  };
}
