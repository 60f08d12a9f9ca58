import type { ClinicalCategory } from '@healthfolio/core';
import { api } from '../../lib/api';

/** `GET /api/clinical-records/summary`: counts per section and the sources the records came from. */
export const fetchClinicalSummary = (signal?: AbortSignal) =>
  api.get('/api/clinical-records/summary', { signal });

/** `GET /api/clinical-records?category=&limit=&cursor=`: one section's records, newest first. */
export const fetchClinicalRecords = (
  query: { category: ClinicalCategory; limit: number; cursor?: string },
  signal?: AbortSignal,
) => api.get('/api/clinical-records', { query, signal });
