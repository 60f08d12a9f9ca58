import type { InsightRule } from './types';
import { anomalyRule } from './anomaly';
import { correlationRule } from './correlation';
import { goalProgressRule } from './goal-progress';
import { predictionRule } from './prediction';
import { recommendationRule } from './recommendation';
import { trendRule } from './trend';

export interface RuleEntry {
  /** The rule's folder under src/; a test fails when a folder is missing here. */
  folder: string;
  rule: InsightRule;
}

/** Every rule the engine runs, in the order their findings are listed. */
export const rules: readonly RuleEntry[] = [
  { folder: 'anomaly', rule: anomalyRule },
  { folder: 'trend', rule: trendRule },
  { folder: 'goal-progress', rule: goalProgressRule },
  { folder: 'prediction', rule: predictionRule },
  { folder: 'correlation', rule: correlationRule },
  { folder: 'recommendation', rule: recommendationRule },
];
