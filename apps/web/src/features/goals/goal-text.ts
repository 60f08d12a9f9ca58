import { displayUnitFor, getMetric, type Goal, type UnitSystem } from '@healthfolio/core';
import { formatDay, formatDayRange } from '../../lib/day-format';
import { i18n } from '../../i18n';
import { formatValue } from '../metrics/format';
import { kindLabel } from '../metrics/words';
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
  const kind = kindLabel(goal.metric);
  if (goal.period === 'by_date') {
    return goal.deadline
      ? i18n.t('goals:sentence.byDate', { kind, target, date: formatDay(goal.deadline) })
      : i18n.t('goals:sentence.value', { kind, target });
  }
  const summed = metric?.aggregation === 'sum';
  const every =
    goal.period === 'daily' && !summed
      ? ''
      : i18n.t(`goals:every.${goal.period === 'daily' ? 'day' : summed ? 'week' : 'weekAverage'}`);
  if (unitNamesKind(goal.metric, system)) {
    return i18n.t(`goals:sentence.counted.${goal.direction}`, { target, every });
  }
  return i18n.t(`goals:sentence.${goal.direction}`, { kind, target, every });
}

/** What to call the goal: the person's own title, or else the target in words. */
export function goalName(goal: Goal, system: UnitSystem): string {
  return isDefaultTitle(goal) ? goalSentence(goal, system) : goal.title;
}

/** "Today: 6,400 steps", "This week: 2 h 10 min", "Latest: 78.2 kg", or that nothing is in yet. */
export function currentText(goal: Goal, system: UnitSystem): string {
  const { current } = goal.progress;
  const summed = getMetric(goal.metric)?.aggregation === 'sum';
  const when = goal.period === 'weekly' ? 'week' : goal.period === 'daily' && summed ? 'today' : 'latest';
  if (current === null) return i18n.t(`goals:current.${when}`, { value: i18n.t('goals:current.noData') });
  return i18n.t(`goals:current.${when}`, { value: goalValue(goal, current, system) });
}

/** "4-day streak · best 9"; by-date goals have no streak. */
export function streakText(goal: Goal): string | undefined {
  if (goal.period === 'by_date') return undefined;
  const { streak, bestStreak } = goal.progress;
  if (streak === 0 && bestStreak === 0) return i18n.t('goals:streak.none');
  const now =
    streak === 0
      ? i18n.t('goals:streak.noCurrent')
      : i18n.t(`goals:streak.${goal.period === 'daily' ? 'days' : 'weeks'}`, { n: streak });
  return i18n.t('goals:streak.withBest', { now, best: bestStreak });
}

/** "At this rate: around 12 May (2 May – 30 May) — on track". */
export function predictionText(goal: Goal, now = new Date()): string | undefined {
  const prediction = goal.progress.prediction;
  if (goal.period !== 'by_date' || !prediction) return undefined;
  const verdict = i18n.t(prediction.onTrack ? 'goals:prediction.onTrack' : 'goals:prediction.offTrack');
  if (!prediction.date) return i18n.t('goals:prediction.never', { verdict });
  const year = now.getFullYear();
  const interval =
    prediction.low && prediction.high ? ` (${formatDayRange(prediction.low, prediction.high, year)})` : '';
  return i18n.t('goals:prediction.around', {
    date: formatDay(prediction.date, yearOf(prediction.date) !== year),
    interval,
    verdict,
  });
}

/** What the history bars show, for screen readers: "Last 30 days: target met on 12 of 30". */
export function historySummary(goal: Goal): string {
  const { history } = goal.progress;
  const met = history.filter((h) => h.met).length;
  const n = history.length;
  if (goal.period === 'daily') return i18n.t('goals:history.days', { count: n, met });
  if (goal.period === 'weekly') return i18n.t('goals:history.weeks', { count: n, met });
  return i18n.t('goals:history.readings', { count: n, met });
}
