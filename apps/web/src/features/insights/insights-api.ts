import type { Insight, InsightList, InsightsQuery } from '@healthfolio/core';
import { apiGet, apiPost } from '../../lib/api';

/** `GET /api/insights?type=&severity=`: the user's insights, dismissed ones left out. */
export const fetchInsights = (query: InsightsQuery, signal?: AbortSignal) =>
  apiGet<InsightList>('/insights', { params: query, signal }).then((d) => d.items);

/** `POST /api/insights/:id/dismiss`. */
export const dismissInsight = (id: string) => apiPost<Insight>(`/insights/${encodeURIComponent(id)}/dismiss`);

/** `POST /api/insights/refresh`: runs the engine now and answers every insight, unfiltered. */
export const refreshInsights = () => apiPost<InsightList>('/insights/refresh').then((d) => d.items);

/** How much data there is against what the first insights need (answered with an empty list). */
export const fetchInsightsCoverage = (signal?: AbortSignal) =>
  apiGet<InsightList>('/insights', { params: { type: 'all', severity: 'all' }, signal }).then(
    (d) => d.coverage ?? null,
  );
