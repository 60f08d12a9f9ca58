import {
  getSource,
  type DataSource,
  type Integration,
  type SourceKind,
  type SyncStats,
  type SyncStatus,
} from '@healthfolio/core';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createAppTheme } from '../../app/theme';

/** A query client without retries, for component tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

const theme = createAppTheme('light');

export function WithQueries({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}

/** A catalogue source as `GET /api/data-sources` answers it, not connected; override what the test is about. */
export function dataSource(kind: SourceKind, overrides: Partial<DataSource> = {}): DataSource {
  const s = getSource(kind)!;
  return {
    id: kind,
    kind,
    name: s.name,
    category: s.category,
    connectMethod: s.connectMethod,
    status: 'disconnected',
    lastSync: null,
    sandbox: false,
    brings: s.brings,
    metrics: [...s.metrics],
    fileFallback: s.fileFallback,
    configured: true,
    sandboxAvailable: true,
    // Sources with an API or feed; the others come by export, ingest URL or entry.
    syncs: s.connectMethod === 'oauth' || s.connectMethod === 'credentials' || kind === 'report_builder',
    lastError: null,
    ...overrides,
  };
}

/** Ada's Oura ring, connected to the sandbox and synced five minutes before `now`. */
export const connectedOura = (now: number, overrides: Partial<DataSource> = {}): DataSource =>
  dataSource('oura', {
    status: 'connected',
    sandbox: true,
    configured: false,
    lastSync: new Date(now - 5 * 60_000).toISOString(),
    ...overrides,
  });

export function syncStatus(overrides: Partial<SyncStatus> = {}): SyncStatus {
  return {
    state: 'running',
    status: 'syncing',
    progress: { pages: 0, samples: 0 },
    fraction: null,
    startedAt: '2026-11-23T09:00:00.000Z',
    finishedAt: null,
    error: null,
    lastSync: null,
    nextSync: null,
    ...overrides,
  };
}

export function syncStats(overrides: Partial<SyncStats> = {}): SyncStats {
  return {
    metrics: [
      {
        metric: 'steps',
        samples: 365,
        first: '2025-11-24T00:00:00.000Z',
        last: '2026-11-23T00:00:00.000Z',
      },
      {
        metric: 'heart_rate',
        samples: 110_212,
        first: '2025-11-24T00:05:00.000Z',
        last: '2026-11-23T08:55:00.000Z',
      },
    ],
    syncsRun: 2,
    lastError: null,
    lastSync: '2026-11-23T09:00:00.000Z',
    backfillDays: 730,
    history: [
      {
        id: 'run2',
        status: 'failed',
        startedAt: '2026-11-23T10:00:00.000Z',
        finishedAt: '2026-11-23T10:00:02.000Z',
        requests: 1,
        samples: 0,
        inserted: 0,
        updated: 0,
        deleted: 0,
        duplicates: 0,
        rejected: 0,
        problems: [],
        error: 'Oura refused the saved sign-in. Connect again.',
      },
      {
        id: 'run1',
        status: 'succeeded',
        startedAt: '2026-11-23T09:00:00.000Z',
        finishedAt: '2026-11-23T09:00:04.000Z',
        requests: 52,
        samples: 112_000,
        inserted: 111_200,
        updated: 800,
        deleted: 3,
        duplicates: 0,
        rejected: 2,
        problems: [
          'heart_rate at 2026-11-22T03:10:00.000Z: 0 /min is not a possible heart rate (20–300)',
          'heart_rate at 2026-11-22T03:15:00.000Z: 0 /min is not a possible heart rate (20–300)',
        ],
        error: null,
      },
    ],
    ...overrides,
  };
}

/** Oura's set-up on a server where no Oura app is registered yet. */
export function ouraIntegration(overrides: Partial<Integration> = {}): Integration {
  return {
    kind: 'oura',
    name: 'Oura',
    configured: false,
    sandboxAvailable: true,
    redirectUri: 'https://health.example.org/oauth/callback',
    registerAppUrl: 'https://cloud.ouraring.com/oauth/applications',
    docsUrl: 'https://cloud.ouraring.com/v2/docs',
    scopes: ['personal', 'daily', 'heartrate', 'spo2Daily', 'workout'],
    env: ['OURA_CLIENT_ID', 'OURA_CLIENT_SECRET', 'OURA_BASE_URL'],
    rateLimit: '5 000 requests a day, 300 a minute',
    backfillDays: 730,
    syncEveryMinutes: 60,
    fileFallback: 'Oura CSV or JSON export (Membership Hub → Export data)',
    ...overrides,
  };
}
