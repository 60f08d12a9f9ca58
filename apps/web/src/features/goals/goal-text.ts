import { displayUnitFor, getMetric, type Goal, type UnitSystem } from '@healthfolio/core';
import { formatDay, formatDayRange } from '../../lib/day-format';
import { formatValue } from '../metrics/format';
import { isDefaultTitle } from './goal-title';

const yearOf = (day: string) => Number(day.slice(0, 4));

/** A canonical value of the goal's kind in the user's units; kinds the catalogue lacks as they are. */
export function goalValue(goal: Pick<Goal, 'metric' | 'unit'>, value: number, system: UnitSystem): string {
  return getMetric(goal.metric) ? formatValue(goal.metric, value, system) : `${value} ${goal.unit}`;
}

/** Counted kinds whose unit names them ("10,000 steps") need no label before the number. */
function unitNamesKind(kind: string, system: UnitSystem): boolean {
  const metric = getMetric(kind);
  if (!metric?.unit) return false;
  return displayUnitFor(kind, system)?.unit.toLowerCase() === metric.label.toLowerCase();
}

/**
 * The goal in words: "10,000 steps a day", "Exercise at least 2 h 30 min a week",
 * "Weight 75 kg by 30 Jun 2027", "HbA1c at most 5.7 %".
 */
export function goalSentence(goal: Goal, system: UnitSystem): string {
  const metric = getMetric(goal.metric);
  const target = goalValue(goal, goal.target, system);
  const label = metric?.label ?? goal.metric;
  if (goal.period === 'by_date') {
    return `${label} ${target}${goal.deadline ? ` by ${formatDay(goal.deadline)}` : ''}`;
  }
  const summed = metric?.aggregation === 'sum';
  const every =
    goal.period === 'daily' ? (summed ? ' a day' : '') : summed ? ' a week' : ' on average a week';
  const bound = goal.direction === 'at_least' ? 'at least' : 'at most';
  if (unitNamesKind(goal.metric, system)) {
    const lead = goal.direction === 'at_least' ? '' : 'At most ';
    return `${lead}${target}${every}`;
  }
  return `${label} ${bound} ${target}${every}`;
}

/** What to call the goal: the person's own title, or else the target in words. */
export function goalName(goal: Goal, system: UnitSystem): string {
  return isDefaultTitle(goal) ? goalSentence(goal, system) : goal.title;
}

/** "Today: 6,400 steps", "This week: 2 h 10 min", "Latest: 78.2 kg", or that nothing is in yet. */
export function currentText(goal: Goal, system: UnitSystem): string {
  const { current } = goal.progress;
  const summed = getMetric(goal.metric)?.aggregation === 'sum';
  const when =
    goal.period === 'weekly' ? 'This week' : goal.period === 'daily' && summed ? 'Today' : 'Latest';
  if (current === null) return `${when}: no data yet`;
  return `${when}: ${goalValue(goal, current, system)}`;
}

/** "4-day streak · best 9"; by-date goals have no streak. */
export function streakText(goal: Goal): string | undefined {
  if (goal.period === 'by_date') return undefined;
  const unit = goal.period === 'daily' ? 'day' : 'week';
  const { streak, bestStreak } = goal.progress;
  if (streak === 0 && bestStreak === 0) return 'No streak yet';
  const now = streak === 0 ? 'No current streak' : `${streak}-${unit} streak`;
  return `${now} · best ${bestStreak}`;
}

/** "At this rate: around 12 May (2 May – 30 May) — on track". */
export function predictionText(goal: Goal, now = new Date()): string | undefined {
  const prediction = goal.progress.prediction;
  if (goal.period !== 'by_date' || !prediction) return undefined;
  const verdict = prediction.onTrack ? 'on track' : 'not on track';
  if (!prediction.date) return `At this rate the target is not reached — ${verdict}`;
  const year = now.getFullYear();
  const interval =
    prediction.low && prediction.high ? ` (${formatDayRange(prediction.low, prediction.high, year)})` : '';
  return `At this rate: around ${formatDay(prediction.date, yearOf(prediction.date) !== year)}${interval} — ${verdict}`;
}

/** What the history bars show, for screen readers: "Last 30 days: target met on 12 of 30". */
export function historySummary(goal: Goal): string {
  const { history } = goal.progress;
  const met = history.filter((h) => h.met).length;
  const n = history.length;
  if (goal.period === 'daily') return `Last ${n} day${n === 1 ? '' : 's'}: target met on ${met} of ${n}`;
  if (goal.period === 'weekly') return `Last ${n} week${n === 1 ? '' : 's'}: target met in ${met} of ${n}`;
  return `${n} reading${n === 1 ? '' : 's'} since the goal began; ${met} met the target`;
}
