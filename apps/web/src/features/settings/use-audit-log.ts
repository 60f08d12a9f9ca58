import type { AuditEntry } from '@healthfolio/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchAuditLog } from './settings-api';

interface OlderPages {
  /** The first page these follow; when it reloads, the older pages are dropped. */
  after: number;
  items: AuditEntry[];
  cursor: number | null;
}

/**
 * The audit log, newest first, with "load more". Not useInfiniteQuery: its observer would land in the
 * start-up vendor chunk that every page, /login included, downloads.
 */
export function useAuditLog(userId: string) {
  const first = useQuery({ queryKey: ['audit-log', userId], queryFn: () => fetchAuditLog() });
  const [older, setOlder] = useState<OlderPages | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState(false);

  const current = older !== null && older.after === first.dataUpdatedAt ? older : null;
  const entries = [...(first.data?.items ?? []), ...(current?.items ?? [])];
  const cursor = current ? current.cursor : (first.data?.nextCursor ?? null);

  const loadMore = async () => {
    if (cursor === null) return;
    const after = first.dataUpdatedAt;
    setLoadingMore(true);
    setMoreError(false);
    try {
      const page = await fetchAuditLog(cursor);
      setOlder({ after, items: [...(current?.items ?? []), ...page.items], cursor: page.nextCursor });
    } catch {
      setMoreError(true);
    } finally {
      setLoadingMore(false);
    }
  };

  return {
    entries,
    isPending: first.isPending,
    isError: first.isError || moreError,
    isSuccess: first.isSuccess,
    hasMore: cursor !== null,
    loadingMore,
    loadMore,
  };
}
