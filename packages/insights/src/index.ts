export { runInsights, type RunOptions } from './engine';
export { goalProgress } from './goals';
export { rules, type RuleEntry } from './rules';
export type { DailySeries, EngineInput, Finding, GoalSpec, InsightRule, LabResult } from './types';
export * from './glucose';
export * from './health-score';
export * from './report';
export { isoDay, dayFromIso } from './shared/days';
export { formatValue } from './shared/format';
