import type { ImportJob } from '@healthfolio/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A query client without retries, for component tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

export function WithQueries({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Ben's Dexcom Clarity export, as the server describes it; override what the test is about. */
export function importJob(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    id: 'imp_1',
    status: 'queued',
    format: 'dexcom-clarity',
    formatLabel: 'Dexcom Clarity CSV',
    fileName: 'clarity.csv',
    bytesRead: 0,
    bytesTotal: 2048,
    recordsRead: 0,
    inserted: 0,
    duplicates: 0,
    rejected: 0,
    errors: [],
    warnings: [],
    failure: null,
    createdAt: '2026-11-22T09:30:00.000Z',
    startedAt: null,
    finishedAt: null,
    ...overrides,
  };
}
