import type { Insight, InsightsQuery } from '@healthfolio/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { dismissInsight, fetchInsights, fetchInsightsCoverage, refreshInsights } from './insights-api';

export const insightsKeys = {
  all: ['insights'] as const,
  list: (query: InsightsQuery) => ['insights', 'list', query.type, query.severity] as const,
  coverage: ['insights', 'coverage'] as const,
};

export const noFilter: InsightsQuery = { type: 'all', severity: 'all' };

/** One filtered list; while another filter loads, the last list stays on screen. */
export function useInsights(query: InsightsQuery) {
  return useQuery({
    queryKey: insightsKeys.list(query),
    queryFn: ({ signal }) => fetchInsights(query, signal),
    placeholderData: (previous) => previous,
  });
}

/** Days with data against the days the first insights need: asked for only by "No insights yet". */
export function useInsightsCoverage() {
  return useQuery({
    queryKey: insightsKeys.coverage,
    queryFn: ({ signal }) => fetchInsightsCoverage(signal),
  });
}

/**
 * Dismisses at once on screen (from every cached list); puts the lists back if the server refuses.
 * (Not useMutation: the query library's vendor chunk is loaded by /login, and the mutation observer
 * would ride along.)
 */
export function useDismissInsight() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string): Promise<void> => {
      await queryClient.cancelQueries({ queryKey: insightsKeys.all });
      const before = queryClient.getQueriesData<Insight[]>({ queryKey: insightsKeys.all });
      queryClient.setQueriesData<Insight[]>({ queryKey: insightsKeys.all }, (items) =>
        items?.filter((item) => item.id !== id),
      );
      try {
        await dismissInsight(id);
      } catch (error) {
        for (const [key, items] of before) queryClient.setQueryData(key, items);
        throw error;
      } finally {
        void queryClient.invalidateQueries({ queryKey: insightsKeys.all });
      }
    },
    [queryClient],
  );
}

/** Runs the engine now; the unfiltered list takes its answer and the filtered ones refetch. */
export function useRefreshInsights() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const refresh = useCallback(async (): Promise<Insight[]> => {
    setPending(true);
    try {
      const items = await refreshInsights();
      queryClient.setQueryData(insightsKeys.list(noFilter), items);
      await queryClient.invalidateQueries({
        queryKey: insightsKeys.all,
        predicate: (query) => query.queryKey.join() !== insightsKeys.list(noFilter).join(),
      });
      return items;
    } finally {
      setPending(false);
    }
  }, [queryClient]);
  return { refresh, isPending };
}
