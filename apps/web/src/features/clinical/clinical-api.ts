import type { ClinicalCategory, ClinicalRecordPage, ClinicalSummary } from '@healthfolio/core';
import { apiGet } from '../../lib/api';

/** `GET /api/clinical-records/summary`: counts per section and the sources the records came from. */
export const fetchClinicalSummary = (signal?: AbortSignal) =>
  apiGet<ClinicalSummary>('/clinical-records/summary', { signal });

/** `GET /api/clinical-records?category=&limit=&cursor=`: one section's records, newest first. */
export const fetchClinicalRecords = (
  query: { category: ClinicalCategory; limit: number; cursor?: string },
  signal?: AbortSignal,
) => apiGet<ClinicalRecordPage>('/clinical-records', { params: query, signal });
