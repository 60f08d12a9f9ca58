import type { ClinicalCategory } from '@healthfolio/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fetchClinicalRecords, fetchClinicalSummary } from './clinical-api';

/** Records a section shows first, and adds with each "Show more". */
export const SECTION_PAGE = 20;

export const clinicalKeys = {
  all: ['clinical'] as const,
  summary: ['clinical', 'summary'] as const,
  section: (category: ClinicalCategory) => ['clinical', 'records', category] as const,
};

export function useClinicalSummary() {
  return useQuery({ queryKey: clinicalKeys.summary, queryFn: ({ signal }) => fetchClinicalSummary(signal) });
}

/** One section's records, a page at a time (keyset cursor from the server). */
export function useClinicalSection(category: ClinicalCategory, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: clinicalKeys.section(category),
    queryFn: ({ pageParam, signal }) =>
      fetchClinicalRecords(
        // Medications are grouped by drug: one page holds a person's prescriptions, refills and all.
        {
          category,
          limit: category === 'medication' ? 200 : SECTION_PAGE,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}
