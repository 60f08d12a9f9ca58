import type { GoalProgress } from '@healthfolio/core';
import type { DailySeries, EngineInput, Finding, GoalSpec, InsightRule } from '../types';
import { goalProgress, metForGood, targetBand } from '../goals';
import { dayFromIso } from '../shared/days';
import { MAX_CHART_POINTS, round } from '../shared/points';
import { words, type Words } from '../words';

/** How many recent periods the title counts: "8 of the last 10 days", "3 of the last 4 weeks". */
const RECENT_PERIODS = { daily: 10, weekly: 4 } as const;

function side(goal: GoalSpec, w: Words): string {
  return w.say.goalSide(goal.direction === 'at_least');
}

/**
 * The last periods counted: up to the current one once it has met its target for good, else up to the
 * one before — an open day or week is never counted as missed, nor as met while it could still change.
 */
function recent(progress: GoalProgress, settled: boolean, count: number) {
  const history = settled ? progress.history : progress.history.slice(0, -1);
  return history.slice(-count);
}

function periodic(
  goal: GoalSpec,
  period: 'daily' | 'weekly',
  progress: GoalProgress,
  aggregation: DailySeries['aggregation'],
  w: Words,
) {
  const daily = period === 'daily';
  const settled = metForGood(goal, aggregation, progress.current);
  const periods = recent(progress, settled, RECENT_PERIODS[period]);
  const met = periods.filter((period) => period.met).length;
  const target = w.value(goal.metric, goal.target);
  const title = w.say.periodicTitle(
    met,
    w.say.periods(periods.length, daily),
    side(goal, w),
    target,
    w.say.periods(progress.streak, daily),
  );
  const now =
    progress.current === null
      ? w.say.periodicNone(w.noun(goal.metric), daily)
      : w.say.periodicNow(
          daily,
          w.value(goal.metric, progress.current),
          w.number(progress.percent, 0),
          progress.met ? (settled ? 'met' : 'for now') : undefined,
        );
  const description = `${now} ${w.say.bestStreak(w.say.periods(progress.bestStreak, daily))}`;
  return { title, description, values: { metPeriods: met, periods: periods.length } };
}

function byDate(goal: GoalSpec, progress: GoalProgress, w: Words) {
  const target = w.value(goal.metric, goal.target);
  const current = progress.current === null ? 'undefined' : w.value(goal.metric, progress.current);
  const deadline = goal.deadline === null ? '' : w.day(goal.deadline);
  if (progress.met) {
    return {
      title: w.say.reachedTitle(goal.title, current),
      description: w.say.reachedDescription(w.noun(goal.metric), current, side(goal, w), target),
      values: {},
    };
  }
  const from = goal.startValue === null ? '' : w.value(goal.metric, goal.startValue);
  const prediction = progress.prediction;
  let outlook = '';
  if (prediction?.date) outlook = w.say.outlook(prediction.onTrack ? 'on track' : 'miss');
  else if (prediction) outlook = w.say.outlook('stalled');
  const percent = w.number(progress.percent, 0);
  return {
    title: w.say.wayTitle(goal.title, percent),
    description:
      w.say.wayDescription(w.noun(goal.metric), current, percent, from, target, deadline) + outlook,
    values: {},
  };
}

/** One finding per goal with data: progress, streaks, and for by-date goals whether they are on track. */
export function goalFinding(
  goal: GoalSpec,
  series: DailySeries | undefined,
  today: number,
  language?: string,
): Finding | undefined {
  const w = words(language, today);
  const progress = goalProgress(goal, series, today);
  const withData = progress.history.filter((period) => period.value !== null);
  if (withData.length === 0 && progress.current === null) return undefined;
  const text =
    goal.period === 'by_date'
      ? byDate(goal, progress, w)
      : periodic(goal, goal.period, progress, series?.aggregation ?? 'sum', w);
  const offTrack =
    goal.period === 'by_date' &&
    progress.prediction !== null &&
    !progress.prediction.onTrack &&
    !progress.met;
  const shown = withData.slice(-MAX_CHART_POINTS);
  const first = progress.history[0]?.start;
  return {
    key: `goal_progress:${goal.id}`,
    type: 'goal_progress',
    severity: offTrack ? 'warning' : 'info',
    title: text.title,
    description: text.description,
    actionable: offTrack,
    recommendations: offTrack ? [w.say.offTrackAdvice] : [],
    relatedMetrics: [goal.metric],
    window: { from: first === undefined ? today : dayFromIso(first), to: today },
    values: {
      target: goal.target,
      ...(progress.current === null ? {} : { current: progress.current }),
      percent: progress.percent,
      streak: progress.streak,
      bestStreak: progress.bestStreak,
      ...text.values,
    },
    series: [
      {
        metric: goal.metric,
        unit: series?.unit ?? '',
        points: shown.map((period) => ({ day: period.start, value: round(period.value!) })),
        band: targetBand(goal, w.say.target),
        highlight: shown.filter((period) => period.met).map((period) => period.start),
      },
    ],
    // Daily and weekly goals tell today or this week so far.
    ...(goal.period === 'by_date' ? {} : { partial: true }),
  };
}

export const goalProgressRule: InsightRule = (input: EngineInput) =>
  input.goals
    .map((goal) => goalFinding(goal, input.series.get(goal.metric), input.today, input.language))
    .filter((finding): finding is Finding => finding !== undefined);
