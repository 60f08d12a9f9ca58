import { useQuery } from '@tanstack/react-query';
import { fetchIngestStatus } from './ingest-api';

export const ingestKeys = { status: (kind: string) => ['ingest', 'status', kind] as const };

/** The ingest URL's status while `enabled` (the source is connected); a 404 means none is made yet. */
export function useIngestStatus(kind: string, enabled: boolean) {
  return useQuery({
    queryKey: ingestKeys.status(kind),
    queryFn: ({ signal }) => fetchIngestStatus(kind, signal),
    enabled,
    retry: false,
    // While the dialog is open, a first post from the phone shows up under "Last received" by itself.
    refetchInterval: 10_000,
  });
}
