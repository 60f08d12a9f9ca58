import type { InsightSeries, InsightSeverity } from '@healthfolio/core';
import type { EngineInput, Finding } from './types';
import { rules, type RuleEntry } from './rules';

export interface RunOptions {
  /** Called when a rule throws; the other rules still run. */
  onRuleError?: (folder: string, error: unknown) => void;
}

const severityRank: Record<InsightSeverity, number> = { critical: 0, warning: 1, info: 2 };

/** No NaN or Infinity leaves the engine: a figure that is not finite is left out. */
function sanitize(finding: Finding): Finding {
  const values: Finding['values'] = {};
  for (const [name, value] of Object.entries(finding.values)) {
    if (typeof value === 'string' || Number.isFinite(value)) values[name] = value;
  }
  const finite = (value: number | null) => (value !== null && Number.isFinite(value) ? value : null);
  const series = finding.series.map((item): InsightSeries => {
    const clean: InsightSeries = {
      ...item,
      points: item.points.filter((point) => Number.isFinite(point.value)),
    };
    if (item.band) clean.band = { ...item.band, low: finite(item.band.low), high: finite(item.band.high) };
    return clean;
  });
  return { ...finding, values, series };
}

/** Runs the given rules; exported for tests, which pass rules of their own. */
export function runRules(
  input: EngineInput,
  list: readonly RuleEntry[],
  options: RunOptions = {},
): Finding[] {
  if (!Number.isInteger(input.today)) return [];
  const byKey = new Map<string, Finding>();
  for (const { folder, rule } of list) {
    let findings: Finding[];
    try {
      findings = rule(input);
    } catch (error) {
      options.onRuleError?.(folder, error);
      continue;
    }
    for (const finding of findings) if (!byKey.has(finding.key)) byKey.set(finding.key, sanitize(finding));
  }
  return [...byKey.values()].sort((a, b) => severityRank[a.severity] - severityRank[b.severity]);
}

/**
 * Every insight rule over one person's data: findings with stable keys, most severe first. A rule
 * that throws is skipped (and reported to `onRuleError`) so one bug never hides the other insights.
 */
export function runInsights(input: EngineInput, options: RunOptions = {}): Finding[] {
  return runRules(input, rules, options);
}
