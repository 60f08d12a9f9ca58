import type { ConnectResult, DataSource, SyncStatus } from '@healthfolio/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import {
  connectSource,
  disconnectSource,
  fetchIntegrations,
  fetchSources,
  fetchSyncStats,
  fetchSyncStatus,
  syncSource,
  type ConnectInput,
  type DisconnectResult,
} from './sources-api';

export const sourcesKeys = {
  all: ['data-sources'] as const,
  list: ['data-sources', 'list'] as const,
  integrations: ['data-sources', 'integrations'] as const,
  status: (kind: string) => ['data-sources', 'status', kind] as const,
  stats: (kind: string) => ['data-sources', 'stats', kind] as const,
};

/** The Dashboard's queries all sit under this prefix (features/metrics/queries.ts). */
const metricsPrefix = ['metrics'] as const;

/** Once a second while a sync is queued or running. */
const POLL_MS = 1000;

export const isSyncing = (status: Pick<SyncStatus, 'state'> | undefined): boolean =>
  status?.state === 'queued' || status?.state === 'running';

/** The cached `GET /api/data-sources` answer. */
type SourceList = { items: DataSource[]; operator?: boolean };

const listQuery = {
  queryKey: sourcesKeys.list,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchSources(signal),
};

export function useSources() {
  return useQuery({ ...listQuery, select: (list) => list.items });
}

/** Whether the person operates this server (its first account): set-up hints are for them only. */
export function useIsOperator(): boolean {
  return useQuery({ ...listQuery, select: (list) => list.operator === true }).data ?? false;
}

export function useIntegrations(enabled = true) {
  return useQuery({
    queryKey: sourcesKeys.integrations,
    queryFn: ({ signal }) => fetchIntegrations(signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useSyncStats(kind: string, enabled: boolean) {
  return useQuery({
    queryKey: sourcesKeys.stats(kind),
    queryFn: ({ signal }) => fetchSyncStats(kind, signal),
    enabled,
  });
}

/** Replaces one source in the cached list, so its card changes at once. */
function useSetSource() {
  const queryClient = useQueryClient();
  return useCallback(
    (source: DataSource) =>
      queryClient.setQueryData<SourceList>(sourcesKeys.list, (list) =>
        list
          ? {
              ...list,
              // What it holds is told by the list only: a connect or sync answer leaves it as it was.
              items: list.items.map((s) =>
                s.kind === source.kind ? { ...source, data: source.data ?? s.data } : s,
              ),
            }
          : list,
      ),
    [queryClient],
  );
}

/**
 * A source's sync, polled every second while it is queued or running (`watch`). When it ends the list,
 * the source's stats and the Dashboard's metrics refetch.
 */
export function useSyncStatus(kind: string, watch: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: sourcesKeys.status(kind),
    queryFn: ({ signal }) => fetchSyncStatus(kind, signal),
    enabled: watch,
    refetchInterval: (q) => (isSyncing(q.state.data) ? POLL_MS : false),
  });
  const ended = watch && query.data !== undefined && !isSyncing(query.data);
  useEffect(() => {
    if (!ended) return;
    // The sync has ended (or had before the first poll): show what it brought.
    void queryClient.invalidateQueries({ queryKey: sourcesKeys.list });
    void queryClient.invalidateQueries({ queryKey: sourcesKeys.stats(kind) });
    void queryClient.invalidateQueries({ queryKey: metricsPrefix });
  }, [ended, query.data, kind, queryClient]);
  return query;
}

/**
 * Connect, sync now and disconnect for one source; each answer updates the card at once and then the
 * list refetches. (Not useMutation: the query library's vendor chunk is loaded by /login, and the mutation
 * observer would ride along.)
 */
export function useSourceActions(kind: string) {
  const queryClient = useQueryClient();
  const setSource = useSetSource();
  const [pending, setPending] = useState<'connect' | 'sync' | 'disconnect' | null>(null);

  const run = useCallback(
    async <T>(action: 'connect' | 'sync' | 'disconnect', call: () => Promise<T>): Promise<T> => {
      setPending(action);
      try {
        return await call();
      } finally {
        setPending(null);
      }
    },
    [],
  );

  const connect = useCallback(
    (input: ConnectInput = {}): Promise<ConnectResult> =>
      run('connect', async () => {
        const result = await connectSource(kind, input);
        if (!result.authorizationUrl) {
          setSource(result.source);
          queryClient.removeQueries({ queryKey: sourcesKeys.status(kind) });
          void queryClient.invalidateQueries({ queryKey: sourcesKeys.list });
        }
        return result;
      }),
    [kind, run, setSource, queryClient],
  );

  const sync = useCallback(
    (): Promise<SyncStatus> =>
      run('sync', async () => {
        const status = await syncSource(kind);
        queryClient.setQueryData(sourcesKeys.status(kind), status);
        queryClient.setQueryData<SourceList>(sourcesKeys.list, (list) =>
          list
            ? {
                ...list,
                items: list.items.map((s) =>
                  s.kind === kind && isSyncing(status) ? { ...s, status: 'syncing' } : s,
                ),
              }
            : list,
        );
        return status;
      }),
    [kind, run, queryClient],
  );

  const disconnect = useCallback(
    (deleteData: boolean): Promise<DisconnectResult> =>
      run('disconnect', async () => {
        const result = await disconnectSource(kind, deleteData);
        setSource(result.source);
        queryClient.removeQueries({ queryKey: sourcesKeys.status(kind) });
        void queryClient.invalidateQueries({ queryKey: sourcesKeys.list });
        void queryClient.invalidateQueries({ queryKey: sourcesKeys.stats(kind) });
        if (deleteData) void queryClient.invalidateQueries({ queryKey: metricsPrefix });
        return result;
      }),
    [kind, run, setSource, queryClient],
  );

  return { connect, sync, disconnect, pending };
}
