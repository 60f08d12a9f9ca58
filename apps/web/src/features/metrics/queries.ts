import type { ManualEntry, MetricBucket, SampleItem } from '@healthfolio/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from '../../lib/api';

/** The browser's zone: days and buckets are the person's local days where they are now. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const metricsKeys = {
  all: ['metrics'] as const,
  summary: (tz: string) => ['metrics', 'summary', tz] as const,
  overview: (tz: string) => ['metrics', 'overview', tz] as const,
  series: (query: SeriesQuery) => ['metrics', 'series', query] as const,
  why: (type: string, date: string) => ['metrics', 'why', type, date] as const,
};

export function useMetricsSummary() {
  const tz = browserTimeZone();
  return useQuery({
    queryKey: metricsKeys.summary(tz),
    queryFn: ({ signal }) => api.get('/api/metrics/summary', { query: { tz }, signal }),
  });
}

/** The Dashboard's one call for its metric cards: `GET /api/metrics/overview` (also fetched at start-up). */
export const overviewQuery = (tz: string) =>
  queryOptions({
    queryKey: metricsKeys.overview(tz),
    queryFn: ({ signal }) => api.get('/api/metrics/overview', { query: { tz }, signal }),
  });

export function useMetricsOverview() {
  return useQuery(overviewQuery(browserTimeZone()));
}

/**
 * `GET /api/metrics` parameters; `from` is an ISO instant or date, `to` defaults to now. A type alias, not
 * an interface: only an alias is assignable to the client's `params` record.
 */
export type SeriesQuery = {
  type: string;
  bucket: MetricBucket;
  from?: string;
  to?: string;
  source?: string;
  limit?: number;
  tz: string;
};

export function useMetricSeries(query: SeriesQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: metricsKeys.series(query),
    queryFn: ({ signal }) => api.get('/api/metrics', { query, signal }),
    placeholderData: (previous) => (previous?.type === query.type ? previous : undefined),
  });
}

export function useMetricsWhy(type: string, date: string, enabled = true) {
  return useQuery({
    queryKey: metricsKeys.why(type, date),
    queryFn: ({ signal }) => api.get('/api/metrics/why', { query: { type, date }, signal }),
    enabled,
  });
}

/** The body of `POST /api/metrics` as the client sends it (`type` is any kind or alias). */
export type ManualEntryRequest = Omit<ManualEntry, 'type'> & { type: string };

/**
 * Adds a manual entry; then the summary, charts and "why" views refetch. (Not useMutation: the
 * query library's vendor chunk is loaded by /login, and the mutation observer would ride along.)
 */
export function useAddMeasurement() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const add = useCallback(
    async (entry: ManualEntryRequest): Promise<SampleItem> => {
      setPending(true);
      try {
        const stored = await api.post('/api/metrics', { body: entry });
        await queryClient.invalidateQueries({ queryKey: metricsKeys.all });
        return stored;
      } finally {
        setPending(false);
      }
    },
    [queryClient],
  );
  return { add, isPending };
}

/**
 * Changes or deletes a manual entry (`PUT` / `DELETE /api/metrics/:id`); then every metrics view
 * refetches. (Not useMutation, as above.)
 */
export function useEditEntry() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const run = useCallback(
    async <T>(call: () => Promise<T>): Promise<T> => {
      setPending(true);
      try {
        const result = await call();
        await queryClient.invalidateQueries({ queryKey: metricsKeys.all });
        return result;
      } finally {
        setPending(false);
      }
    },
    [queryClient],
  );
  const update = useCallback(
    (id: number, entry: Partial<ManualEntryRequest>) =>
      run(() => api.put('/api/metrics/:id', { params: { id }, body: entry })),
    [run],
  );
  const remove = useCallback(
    (id: number) => run(() => api.delete('/api/metrics/:id', { params: { id } })),
    [run],
  );
  return { update, remove, isPending };
}
