import { getMetric, goalDirections, goalPeriods, type Goal, type GoalProgress } from '@healthfolio/core';
import type { GoalSpec } from '@healthfolio/insights';
import { dayToDate } from '../metrics';
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
