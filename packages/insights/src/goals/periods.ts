import type { GoalSpec } from '../types';
import { weekStart } from '../shared/days';
import type { Points } from '../shared/points';

/** One period of a goal: its first local day and value (null when there is no data). */
export interface Period {
  start: number;
  value: number | null;
}

export function meets(goal: Pick<GoalSpec, 'direction' | 'target'>, value: number | null): boolean {
  if (value === null) return false;
  return goal.direction === 'at_least' ? value >= goal.target : value <= goal.target;
}

/** Every week with data, Monday first, its value the week's sum, mean or last per the kind's aggregation. */
export function weeklyPeriods(points: Points, aggregation: 'sum' | 'avg' | 'last'): Period[] {
  const weeks: Period[] = [];
  let count = 0;
  for (let i = 0; i < points.days.length; i++) {
    const start = weekStart(points.days[i]!);
    const value = points.values[i]!;
    const current = weeks[weeks.length - 1];
    if (!current || current.start !== start) {
      if (current && aggregation === 'avg') current.value = current.value! / count;
      weeks.push({ start, value });
      count = 1;
      continue;
    }
    count++;
    current.value = aggregation === 'last' ? value : current.value! + value;
  }
  const last = weeks[weeks.length - 1];
  if (last && aggregation === 'avg') last.value = last.value! / count;
  return weeks;
}

/**
 * The run of met periods up to the current one and the longest run. `isNext` says whether two
 * period starts are neighbours (a period without data breaks a run). While the current period is
 * still open (today, this week) and not met yet — or left out by the caller because it is not met for
 * good yet — the streak is the run that ended just before it.
 */
export function streaks(
  goal: Pick<GoalSpec, 'direction' | 'target'>,
  periods: readonly Period[],
  isNext: (previous: number, next: number) => boolean,
  current: number,
  currentIsOpen: boolean,
): { streak: number; bestStreak: number } {
  let best = 0;
  let run = 0;
  let previous: number | undefined;
  let runBeforeCurrent = 0;
  let runAtCurrent = 0;
  for (const period of periods) {
    if (period.start > current) break;
    const continues = previous !== undefined && isNext(previous, period.start);
    if (period.start === current) runBeforeCurrent = continues ? run : 0;
    run = meets(goal, period.value) ? (continues ? run + 1 : 1) : 0;
    if (period.start === current) runAtCurrent = run;
    best = Math.max(best, run);
    previous = period.start;
  }
  if (previous !== undefined && previous !== current && isNext(previous, current)) runBeforeCurrent = run;
  const streak = runAtCurrent > 0 ? runAtCurrent : currentIsOpen ? runBeforeCurrent : 0;
  return { streak, bestStreak: best };
}
