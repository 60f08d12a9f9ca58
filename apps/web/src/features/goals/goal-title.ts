import { defaultGoalTitle, catalogueConverter, getMetric, type Goal } from '@healthfolio/core';

/**
 * Whether the title is the one the server made because none was given (`defaultGoalTitle`: "Steps at
 * least 10,000 a day"). The server wrote it in the unit the target was typed in, which the goal no
 * longer records, so each unit the target may have been typed in is tried.
 * Such a title is the target in other words: the card shows its own sentence in the user's units
 * instead, and an edit leaves the title empty so the server writes it anew for the new target.
 */
export function isDefaultTitle(goal: Goal): boolean {
  const metric = getMetric(goal.metric);
  if (!metric?.unit) return false;
  const units = new Set([
    goal.unit,
    metric.display?.metric.unit,
    metric.display?.imperial.unit,
    ...(metric.specialConversions ?? []).map((c) => c.from),
    ...(metric.molarMass !== undefined ? ['mmol/L'] : []),
  ]);
  for (const unit of units) {
    if (!unit) continue;
    let target: number;
    try {
      target =
        unit === goal.unit ? goal.target : catalogueConverter(goal.unit, unit, metric.kind)(goal.target);
    } catch {
      continue;
    }
    const title = defaultGoalTitle(goal.metric, target, unit, goal.direction, goal.period, goal.deadline);
    if (goal.title === title) return true;
  }
  return false;
}
