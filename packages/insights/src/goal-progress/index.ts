import type { GoalProgress } from '@healthfolio/core';
import type { DailySeries, EngineInput, Finding, GoalSpec, InsightRule } from '../types';
import { goalProgress, metForGood, OFF_TRACK_ADVICE, targetBand } from '../goals';
import { dayFromIso, formatDay } from '../shared/days';
import { formatNumber, formatValue } from '../shared/format';
import { kindNoun } from '../shared/kinds';
import { MAX_CHART_POINTS, round } from '../shared/points';

/** How many recent periods the title counts: "8 of the last 10 days", "3 of the last 4 weeks". */
const RECENT_PERIODS = { daily: 10, weekly: 4 } as const;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function side(goal: GoalSpec): string {
  return goal.direction === 'at_least' ? 'at or above' : 'at or below';
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
) {
  const unit = period === 'daily' ? 'day' : 'week';
  const settled = metForGood(goal, aggregation, progress.current);
  const periods = recent(progress, settled, RECENT_PERIODS[period]);
  const met = periods.filter((period) => period.met).length;
  const target = formatValue(goal.metric, goal.target);
  const title =
    `${met} of the last ${plural(periods.length, unit)} ${side(goal)} ${target}; ` +
    `streak ${plural(progress.streak, unit)}`;
  const now =
    progress.current === null
      ? `No ${kindNoun(goal.metric)} yet ${period === 'daily' ? 'today' : 'this week'}.`
      : `${period === 'daily' ? 'Today' : 'This week'} so far: ${formatValue(goal.metric, progress.current)} ` +
        `(${formatNumber(progress.percent, 0)} % of the way${progress.met ? (settled ? ', met' : ', within your target for now') : ''}).`;
  const description = `${now} Your best streak is ${plural(progress.bestStreak, unit)}.`;
  return { title, description, values: { metPeriods: met, periods: periods.length } };
}

function byDate(goal: GoalSpec, progress: GoalProgress, today: number) {
  const target = formatValue(goal.metric, goal.target);
  const current = progress.current === null ? undefined : formatValue(goal.metric, progress.current);
  const deadline = goal.deadline === null ? '' : ` by ${formatDay(goal.deadline, today)}`;
  if (progress.met) {
    return {
      title: `${goal.title}: reached (${current})`,
      description: `Your latest ${kindNoun(goal.metric)} reading, ${current}, is ${side(goal)} your target of ${target}.`,
      values: {},
    };
  }
  const from = goal.startValue === null ? '' : ` from ${formatValue(goal.metric, goal.startValue)}`;
  const prediction = progress.prediction;
  let outlook = '';
  if (prediction?.date) {
    outlook = prediction.onTrack
      ? ' At the current rate you are on track.'
      : ' At the current rate you will miss the deadline.';
  } else if (prediction) {
    outlook = ' At the current rate you are not moving toward the target.';
  }
  return {
    title: `${goal.title}: ${formatNumber(progress.percent, 0)} % of the way`,
    description:
      `Your latest ${kindNoun(goal.metric)} reading is ${current}, ${formatNumber(progress.percent, 0)} % of the way${from} ` +
      `to ${target}${deadline}.${outlook}`,
    values: {},
  };
}

/** One finding per goal with data: progress, streaks, and for by-date goals whether they are on track. */
export function goalFinding(
  goal: GoalSpec,
  series: DailySeries | undefined,
  today: number,
): Finding | undefined {
  const progress = goalProgress(goal, series, today);
  const withData = progress.history.filter((period) => period.value !== null);
  if (withData.length === 0 && progress.current === null) return undefined;
  const text =
    goal.period === 'by_date'
      ? byDate(goal, progress, today)
      : periodic(goal, goal.period, progress, series?.aggregation ?? 'sum');
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
    recommendations: offTrack ? [OFF_TRACK_ADVICE] : [],
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
        band: targetBand(goal),
        highlight: shown.filter((period) => period.met).map((period) => period.start),
      },
    ],
    // Daily and weekly goals tell today or this week so far.
    ...(goal.period === 'by_date' ? {} : { partial: true }),
  };
}

export const goalProgressRule: InsightRule = (input: EngineInput) =>
  input.goals
    .map((goal) => goalFinding(goal, input.series.get(goal.metric), input.today))
    .filter((finding): finding is Finding => finding !== undefined);
