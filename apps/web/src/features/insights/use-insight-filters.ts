import type { InsightsQuery } from '@healthfolio/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isInsightSeverity, isInsightType } from './insight-text';

export interface InsightFilters {
  /** What the URL asks for; anything it does not know reads as `all`. */
  query: InsightsQuery;
  set: (changes: Partial<InsightsQuery>) => void;
  clear: () => void;
}

/** The filters live in `?type=&severity=`, so a reload or a shared link shows the same list. */
export function useInsightFilters(): InsightFilters {
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const severity = params.get('severity');
  const query = useMemo<InsightsQuery>(
    () => ({
      type: isInsightType(type) ? type : 'all',
      severity: isInsightSeverity(severity) ? severity : 'all',
    }),
    [type, severity],
  );

  const set = useCallback(
    (changes: Partial<InsightsQuery>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === 'all') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  return { query, set, clear: () => set({ type: 'all', severity: 'all' }) };
}
