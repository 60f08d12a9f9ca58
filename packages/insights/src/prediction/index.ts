import type { EngineInput, Finding, InsightRule } from '../types';
import { bodyPrediction } from './body';
import { goalPrediction } from './goal';

export { bodyPrediction, FIT_DAYS, HORIZON_DAYS, PREDICTION_ALPHA } from './body';
export { goalPrediction } from './goal';

/** When by-date goals will be reached, and where body measures with a clear trend will be in 30 days. */
export const predictionRule: InsightRule = (input: EngineInput) => {
  const findings: Finding[] = [];
  for (const goal of input.goals) {
    const finding = goalPrediction(goal, input.series.get(goal.metric), input.today, input.language);
    if (finding) findings.push(finding);
  }
  for (const series of input.series.values()) {
    const finding = bodyPrediction(series, input.today, input.language);
    if (finding) findings.push(finding);
  }
  return findings;
};
