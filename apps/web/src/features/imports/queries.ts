import type { ImportJob } from '@healthfolio/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchImport, fetchImportFormats, fetchImports, uploadImport } from './imports-api';
import { isActive } from './import-text';

export const importsKeys = {
  all: ['imports'] as const,
  list: ['imports', 'list'] as const,
  formats: ['imports', 'formats'] as const,
  job: (id: string) => ['imports', 'job', id] as const,
  /** A report's original PDF, as bytes. */
  document: (id: string) => ['imports', 'document', id] as const,
};

/** The Dashboard's queries all sit under this prefix (features/metrics/queries.ts). */
export const metricsPrefix = ['metrics'] as const;

/** Once a second while the server is still reading the file. */
const POLL_MS = 1000;

export function useImportFormats() {
  return useQuery({
    queryKey: importsKeys.formats,
    queryFn: ({ signal }) => fetchImportFormats(signal),
    staleTime: Infinity,
  });
}

/** The history; it keeps polling while one of its imports is still under way (e.g. from another tab). */
export function useImports() {
  return useQuery({
    queryKey: importsKeys.list,
    queryFn: ({ signal }) => fetchImports(signal),
    refetchInterval: (query) => (query.state.data?.some((job) => isActive(job.status)) ? POLL_MS : false),
  });
}

/**
 * One import, polled while queued or running. When it ends the history refetches, and a success
 * refetches the metrics so the Dashboard shows the new data.
 */
export function useImportJob(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: importsKeys.job(id ?? ''),
    queryFn: ({ signal }) => fetchImport(id ?? '', signal),
    enabled: id !== null,
    refetchInterval: (q) => (isActive(q.state.data?.status) ? POLL_MS : false),
  });
  const status = query.data?.status;
  const settled = useRef<string | null>(null);
  useEffect(() => {
    if (id === null || status === undefined || isActive(status) || settled.current === id) return;
    settled.current = id;
    void queryClient.invalidateQueries({ queryKey: importsKeys.list });
    if (status === 'succeeded') void queryClient.invalidateQueries({ queryKey: metricsPrefix });
  }, [id, status, queryClient]);
  return query;
}

/** The file being sent and the share sent so far (0 to 1). */
export interface UploadProgress {
  fileName: string;
  share: number;
}

/**
 * Sends a file; the answer seeds the job's query so its card shows at once. (Not useMutation: the
 * query library's vendor chunk is loaded by /login, and the mutation observer would ride along.)
 */
export function useUploadImport() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useCallback(
    async (file: File): Promise<ImportJob> => {
      setProgress({ fileName: file.name, share: 0 });
      try {
        const job = await uploadImport(file, (share) => setProgress({ fileName: file.name, share }));
        queryClient.setQueryData(importsKeys.job(job.id), job);
        void queryClient.invalidateQueries({ queryKey: importsKeys.list });
        return job;
      } finally {
        setProgress(null);
      }
    },
    [queryClient],
  );
  return { upload, progress };
}
