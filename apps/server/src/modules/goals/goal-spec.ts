import {
  getMetric,
  goalDirections,
  goalPeriods,
  unitLabel,
  type Goal,
  type GoalProgress,
} from '@healthfolio/core';
import type { GoalSpec } from '@healthfolio/insights';
import { dayToDate } from '../metrics/time';
import type { GoalRow } from './goals.repository';

const asDirection = (v: string) => goalDirections.find((d) => d === v) ?? 'at_least';
const asPeriod = (v: string) => goalPeriods.find((p) => p === v) ?? 'daily';

/** A stored goal as the engine reads it. */
export function toGoalSpec(row: GoalRow): GoalSpec {
  return {
    id: row.id,
    title: row.title,
    metric: row.metric,
    target: row.target,
    direction: asDirection(row.direction),
    period: asPeriod(row.period),
    deadline: row.deadline_day,
    createdDay: row.created_day,
    startValue: row.start_value,
  };
}

/** A stored goal and its progress as the API answers it. */
export function presentGoal(row: GoalRow, progress: GoalProgress): Goal {
  return {
    id: row.id,
    title: row.title,
    metric: row.metric,
    target: row.target,
    unit: getMetric(row.metric)?.unit ?? '1',
    direction: asDirection(row.direction),
    period: asPeriod(row.period),
    deadline: row.deadline_day === null ? null : dayToDate(row.deadline_day),
    startValue: row.start_value,
    createdAt: new Date(row.created_at).toISOString(),
    progress,
  };
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "Steps at least 10,000 a day", "Weight at most 75 kg by 2027-06-01": the title when none is given. */
export function defaultGoalTitle(
  metric: string,
  target: number,
  unit: string,
  direction: string,
  period: string,
  deadline: string | null,
): string {
  const label = getMetric(metric)?.label ?? metric;
  const bound = direction === 'at_most' ? 'at most' : 'at least';
  const label_ = unitLabel(unit);
  const shownUnit = label_ && label_ !== '1' ? ` ${label_}` : '';
  const when = period === 'daily' ? ' a day' : period === 'weekly' ? ' a week' : ` by ${deadline ?? ''}`;
  return `${label} ${bound} ${numberFormat.format(target)}${shownUnit}${when}`;
}
