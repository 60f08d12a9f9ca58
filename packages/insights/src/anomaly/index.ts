import type { EngineInput, Finding, InsightRule } from '../types';
import { cgmFindings } from './cgm';
import { dailyAnomalyFinding } from './daily';
import { labFindings } from './labs';

export {
  baselineAnomalies,
  dailyAnomalyFinding,
  ANOMALY_Z,
  BASELINE_DAYS,
  MIN_BASELINE_DAYS,
  RECENT_DAYS,
} from './daily';
export { labFindings, labStatus, latestLabs, readLabFlag, formatRange, type LabStatus } from './labs';
export { cgmFindings, summariseCgm, CGM_TARGETS, MIN_CGM_READINGS } from './cgm';

/** Unusual recent days against the person's baseline, lab results outside their range, CGM lows and time in range. */
export const anomalyRule: InsightRule = (input: EngineInput) => {
  const findings: Finding[] = [];
  for (const series of input.series.values()) {
    const finding = dailyAnomalyFinding(series, input.today, input.language);
    if (finding) findings.push(finding);
  }
  findings.push(...labFindings(input.labs, input.today, input.language), ...cgmFindings(input));
  return findings;
};
