import {
  insightSeverities,
  insightTypes,
  type Insight,
  type InsightSeverity,
  type InsightType,
} from '@healthfolio/core';

// A type's and a severity's words are `insights:types.<type>` and `insights:severities.<severity>`.

export const isInsightType = (value: string | null): value is InsightType =>
  (insightTypes as readonly (string | null)[]).includes(value);

export const isInsightSeverity = (value: string | null): value is InsightSeverity =>
  (insightSeverities as readonly (string | null)[]).includes(value);

const rank: Record<InsightSeverity, number> = { critical: 0, warning: 1, info: 2 };

/** The Dashboard's few: critical, then warning, then info; the newest first within each. */
export function importantFirst(items: readonly Insight[], limit: number): Insight[] {
  return [...items]
    .sort((a, b) => rank[a.severity] - rank[b.severity] || b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit);
}
