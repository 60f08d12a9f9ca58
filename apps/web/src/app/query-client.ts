import { QueryClient } from '@tanstack/react-query';
import { toApiError } from '../lib/api';

/** Client errors will not fix themselves by retrying; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const { status } = toApiError(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: true, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
