import type { GoalProgress } from '@healthfolio/core';
import type { DailySeries, GoalSpec } from '../types';
import { isoDay, lastWholeDay, weekStart } from '../shared/days';
import { cleanPoints, slicePoints, type Points } from '../shared/points';
import { meets, streaks, weeklyPeriods, type Period } from './periods';
import { predictGoal } from './predict';

export { meets } from './periods';

/**
 * Whether a period still open (today, this week) has met its target for good: only an at-least target
 * on a total, which can only grow. At 8 am 300 kcal is within "at most 2,000 kcal", but the day is not
 * over, and a day's mean can still fall; such a period counts toward streaks once it has ended.
 */
export function metForGood(
  goal: Pick<GoalSpec, 'direction' | 'target'>,
  aggregation: DailySeries['aggregation'],
  value: number | null,
): boolean {
  return goal.direction === 'at_least' && aggregation === 'sum' && meets(goal, value);
}

/** Streaks count the open period only once it has met its target for good. */
function countable(
  goal: GoalSpec,
  periods: readonly Period[],
  open: number,
  aggregation: DailySeries['aggregation'],
): Period[] {
  return periods.filter((period) => period.start !== open || metForGood(goal, aggregation, period.value));
}

/** The band a goal's chart draws: the side of the target that counts as met. */
export function targetBand(goal: Pick<GoalSpec, 'direction' | 'target'>, label = 'Target') {
  return goal.direction === 'at_least'
    ? { low: goal.target, high: null, label }
    : { low: null, high: goal.target, label };
}
export { predictGoal, predictionPoints } from './predict';

const DAILY_HISTORY = 30;
const WEEKLY_HISTORY = 12;
/** A by-date goal's history keeps at most this many readings (a year of daily weigh-ins). */
const READINGS_HISTORY = 365;

function percentOf(goal: GoalSpec, value: number | null): number {
  if (value === null) return 0;
  if (meets(goal, value)) return 100;
  if (goal.direction === 'at_least') return goal.target > 0 ? clampPercent((value / goal.target) * 100) : 0;
  return value > 0 ? clampPercent((goal.target / value) * 100) : 0;
}

function clampPercent(percent: number): number {
  return Number.isFinite(percent) ? Math.round(Math.min(100, Math.max(0, percent)) * 10) / 10 : 0;
}

function toHistory(goal: GoalSpec, periods: readonly Period[]): GoalProgress['history'] {
  return periods.map((period) => ({
    start: isoDay(period.start),
    value: period.value,
    met: meets(goal, period.value),
  }));
}

/** Fills the calendar periods from `first` to `last` (step days apart) with the values found. */
function calendar(periods: readonly Period[], first: number, last: number, step: number): Period[] {
  const byStart = new Map(periods.map((period) => [period.start, period.value]));
  const out: Period[] = [];
  for (let start = first; start <= last; start += step)
    out.push({ start, value: byStart.get(start) ?? null });
  return out;
}

function dailyProgress(
  goal: GoalSpec,
  points: Points,
  aggregation: DailySeries['aggregation'],
  today: number,
): GoalProgress {
  const periods: Period[] = points.days.map((start, i) => ({ start, value: points.values[i]! }));
  const history = calendar(periods, today - DAILY_HISTORY + 1, today, 1);
  const current = history[history.length - 1]!.value;
  const counted = countable(goal, periods, today, aggregation);
  const { streak, bestStreak } = streaks(goal, counted, (a, b) => b === a + 1, today, true);
  return {
    current,
    percent: percentOf(goal, current),
    met: meets(goal, current),
    streak,
    bestStreak,
    history: toHistory(goal, history),
    prediction: null,
  };
}

function weeklyProgress(
  goal: GoalSpec,
  points: Points,
  aggregation: DailySeries['aggregation'],
  today: number,
) {
  const periods = weeklyPeriods(points, aggregation);
  const thisWeek = weekStart(today);
  const history = calendar(periods, thisWeek - 7 * (WEEKLY_HISTORY - 1), thisWeek, 7);
  const current = history[history.length - 1]!.value;
  const counted = countable(goal, periods, thisWeek, aggregation);
  const { streak, bestStreak } = streaks(goal, counted, (a, b) => b === a + 7, thisWeek, true);
  return {
    current,
    percent: percentOf(goal, current),
    met: meets(goal, current),
    streak,
    bestStreak,
    history: toHistory(goal, history),
    prediction: null,
  } satisfies GoalProgress;
}

function byDateProgress(goal: GoalSpec, points: Points, today: number): GoalProgress {
  const latestIndex = points.days.length - 1;
  const current = latestIndex >= 0 ? points.values[latestIndex]! : null;
  const readings = slicePoints(points, goal.createdDay, today);
  const periods: Period[] = readings.days.map((start, i) => ({ start, value: readings.values[i]! }));
  const start = goal.startValue ?? periods[0]?.value ?? current;
  let percent = 0;
  if (meets(goal, current)) percent = 100;
  else if (current !== null && start !== null && start !== goal.target) {
    percent = clampPercent(((current - start) / (goal.target - start)) * 100);
  }
  const latestDay = latestIndex >= 0 ? points.days[latestIndex]! : today;
  const { streak, bestStreak } = streaks(goal, periods, () => true, latestDay, false);
  return {
    current,
    percent,
    met: meets(goal, current),
    streak,
    bestStreak,
    history: toHistory(goal, periods.slice(-READINGS_HISTORY)),
    prediction: predictGoal(goal, points, today),
  };
}

/**
 * The readings a goal reads, up to today. A by-date goal reads the latest reading, today's included (this
 * morning's weigh-in) — but not today's total of a summed kind, which is partial until the day ends.
 */
export function goalPoints(goal: GoalSpec, series: DailySeries | undefined, today: number): Points {
  const partial = goal.period === 'by_date' && series?.aggregation === 'sum';
  return slicePoints(cleanPoints(series), Number.MIN_SAFE_INTEGER, partial ? lastWholeDay(today) : today);
}

/**
 * A goal's progress from the kind's daily series: this period's value, how far toward the target,
 * streaks, the recent periods (30 days, 12 Monday-to-Sunday weeks, or the readings since the goal was
 * set) and, for by-date goals, when the target will be reached at the current rate.
 *
 * Today and this week are still open: `current`, `percent` and `met` tell them so far, and streaks count
 * them only once met for good (`metForGood`); until then the streak is the run that ended before.
 */
export function goalProgress(goal: GoalSpec, series: DailySeries | undefined, today: number): GoalProgress {
  const points = goalPoints(goal, series, today);
  const aggregation = series?.aggregation ?? 'sum';
  if (goal.period === 'daily') return dailyProgress(goal, points, aggregation, today);
  if (goal.period === 'weekly') return weeklyProgress(goal, points, aggregation, today);
  return byDateProgress(goal, points, today);
}
