import type { InsightsQuery } from '@healthfolio/core';
import { api } from '../../lib/api';

/** `GET /api/insights?type=&severity=`: the user's insights, dismissed ones left out. */
export const fetchInsights = (query: InsightsQuery, signal?: AbortSignal) =>
  api.get('/api/insights', { query, signal }).then((d) => d.items);

/** `POST /api/insights/:id/dismiss`. */
export const dismissInsight = (id: string) => api.post('/api/insights/:id/dismiss', { params: { id } });

/** `POST /api/insights/refresh`: runs the engine now and answers every insight, unfiltered. */
export const refreshInsights = () => api.post('/api/insights/refresh').then((d) => d.items);

/** How much data there is against what the first insights need (answered with an empty list). */
export const fetchInsightsCoverage = (signal?: AbortSignal) =>
  api
    .get('/api/insights', { query: { type: 'all', severity: 'all' }, signal })
    .then((d) => d.coverage ?? null);
