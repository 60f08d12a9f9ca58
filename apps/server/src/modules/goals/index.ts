// The goals module's door: the goals service and repository (for insights, reports, shares, export) and a
// stored goal's spec.
export { toGoalSpec } from './goal-spec';
export type { GoalRow, GoalsRepository } from './goals.repository';
export type { GoalsService } from './goals.service';
