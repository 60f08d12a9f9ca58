import type { Insight, InsightSeries } from '@healthfolio/core';
import { insightSeverities, insightTypes } from '@healthfolio/core';
import { dayToDate } from '../metrics';
import type { InsightRow } from './insights.repository';

const isType = (v: string): v is Insight['type'] => (insightTypes as readonly string[]).includes(v);
const isSeverity = (v: string): v is Insight['severity'] =>
  (insightSeverities as readonly string[]).includes(v);

/** A stored insight as the API answers it (SPEC §3 fields, the window and the figures behind it). */
export function presentInsight(row: InsightRow): Insight {
  return {
    id: row.id,
    userId: row.user_id,
    type: isType(row.type) ? row.type : 'recommendation',
    title: row.title,
    description: row.description,
    evidence: row.evidence,
    severity: isSeverity(row.severity) ? row.severity : 'info',
    actionable: row.actionable === 1,
    recommendations: JSON.parse(row.recommendations) as string[],
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    relatedMetrics: JSON.parse(row.related_metrics) as string[],
    window: { from: dayToDate(row.window_from), to: dayToDate(row.window_to) },
    values: JSON.parse(row.figures) as Record<string, number | string>,
    series: JSON.parse(row.series) as InsightSeries[],
    dismissedAt: row.dismissed_at === null ? null : new Date(row.dismissed_at).toISOString(),
  };
}
