import type { ImportJob, ReportConfirm } from '@healthfolio/core';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { importsKeys, metricsPrefix } from '../queries';
import { confirmImport, discardImport, fetchDocument } from './review-api';

/** Out-of-range results raise insights (features/insights keeps its queries under this prefix). */
const insightsPrefix = ['insights'] as const;

type DocumentJob = Pick<ImportJob, 'id' | 'documentUrl'>;

const documentQuery = (job: DocumentJob) => ({
  queryKey: importsKeys.document(job.id),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchDocument(job, signal),
  // The original never changes; fetched once for the page view and the download.
  staleTime: Infinity,
  gcTime: 5 * 60_000,
});

/** The report's original PDF, fetched with the session's token. */
export function useReportDocument(job: DocumentJob) {
  return useQuery(documentQuery(job));
}

/** The same bytes for a download: from the cache when the review already fetched them. */
export const loadReportDocument = (client: QueryClient, job: DocumentJob): Promise<ArrayBuffer> =>
  client.fetchQuery(documentQuery(job));

/**
 * Save or discard a report under review. Saving refreshes the import, the history and the Dashboard's
 * metrics; discarding refreshes the history. (Not useMutation: see useUploadImport.)
 */
export function useReviewActions(id: string) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<'save' | 'discard' | null>(null);

  const confirm = useCallback(
    async (body: ReportConfirm): Promise<ImportJob> => {
      setPending('save');
      try {
        const job = await confirmImport(id, body);
        queryClient.setQueryData(importsKeys.job(id), job);
        void queryClient.invalidateQueries({ queryKey: importsKeys.list });
        void queryClient.invalidateQueries({ queryKey: metricsPrefix });
        void queryClient.invalidateQueries({ queryKey: insightsPrefix });
        return job;
      } finally {
        setPending(null);
      }
    },
    [id, queryClient],
  );

  const discard = useCallback(async (): Promise<void> => {
    setPending('discard');
    try {
      await discardImport(id);
      queryClient.removeQueries({ queryKey: importsKeys.document(id) });
      void queryClient.invalidateQueries({ queryKey: importsKeys.list });
    } finally {
      setPending(null);
    }
  }, [id, queryClient]);

  return { confirm, discard, pending };
}
