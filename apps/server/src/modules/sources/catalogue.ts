import { getConnector, connectors, type Connector } from '@healthfolio/connectors';
import {
  getSource,
  sourceCatalogue,
  type DataSource,
  type Integration,
  type SyncStats,
  type SyncStatus,
} from '@healthfolio/core';
import { AppError, notFound } from '../../http/errors';
import type { SamplesQuery } from '../metrics';
import { isConfigured, resolveEndpoints, type EndpointContext } from './endpoints';
import { checkClient } from './oauth';
import { ProviderError } from './provider-errors';
import { presentSource } from './present';
import type { SyncedConnection, SyncStateRepository } from './sync/sync-state.repository';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export interface CatalogueDeps {
  /** Connections read with their sync state, and their runs. */
  syncState: SyncStateRepository;
  endpoints: EndpointContext;
  sandboxProviders: boolean;
  fetch?: typeof fetch;
  /** What each source holds for a person ("Your sources", a connection's stats). */
  samples: Pick<SamplesQuery, 'sourceHoldings' | 'sourceKindCounts'>;
  /** Whether the person operates this server (connector set-up hints are for them only). */
  isOperator: (userId: string) => Promise<boolean>;
}

/** The connector of a kind that connects through an API; a kind without one is refused as the API says. */
export function apiConnector(kind: string): Connector {
  const connector = getConnector(kind);
  if (!connector) {
    if (!getSource(kind)) throw notFound('Source');
    throw new AppError(
      'conflict',
      `${getSource(kind)!.name} does not connect through an API; import its export instead`,
    );
  }
  return connector;
}

/**
 * The catalogue side of the Data Sources API: every source kind with the person's connection, what it
 * holds, its sync status and history, and the operator's view of the connectors (integrations, self-test).
 */
export class SourceCatalogue {
  constructor(private readonly deps: CatalogueDeps) {}

  /** The redirect URI every provider is registered with: the SPA's /oauth/callback route. */
  get redirectUri(): string {
    return `${this.deps.endpoints.publicUrl}/oauth/callback`;
  }

  private get context() {
    return { ...this.deps.endpoints, sandboxProviders: this.deps.sandboxProviders };
  }

  async list(userId: string): Promise<DataSource[]> {
    const [rows, held] = await Promise.all([
      this.deps.syncState.list(userId),
      this.deps.samples.sourceHoldings(userId),
    ]);
    const connections = new Map(rows.map((c) => [c.kind, c]));
    return sourceCatalogue.map((s) => {
      const source = presentSource(s, connections.get(s.kind), this.context);
      const holding = held.get(s.kind);
      return {
        ...source,
        data: {
          samples: holding?.samples ?? 0,
          records: holding?.records ?? 0,
          lastDataAt: holding?.lastDataAt ? new Date(holding.lastDataAt).toISOString() : null,
        },
      };
    });
  }

  /** Whether the person operates this server (connector set-up hints are for them only). */
  async isOperator(userId: string): Promise<boolean> {
    return this.deps.isOperator(userId);
  }

  async get(userId: string, kind: string): Promise<DataSource> {
    const source = getSource(kind);
    if (!source) throw notFound('Source');
    return presentSource(source, await this.deps.syncState.byKind(userId, kind), this.context);
  }

  integrations(): Integration[] {
    return connectors.map((c) => {
      const source = getSource(c.manifest.kind)!;
      const prefix = c.manifest.kind.toUpperCase();
      return {
        kind: c.manifest.kind,
        name: source.name,
        configured: isConfigured(c, this.deps.endpoints),
        sandboxAvailable: this.deps.sandboxProviders,
        redirectUri: this.redirectUri,
        registerAppUrl: c.manifest.registerAppUrl,
        docsUrl: c.manifest.docsUrl,
        scopes: [...(c.manifest.oauth?.scopes ?? [])],
        env: [
          ...(c.manifest.oauth || c.manifest.needsClient
            ? [`${prefix}_CLIENT_ID`, `${prefix}_CLIENT_SECRET`]
            : []),
          `${prefix}_BASE_URL`,
        ],
        rateLimit: c.manifest.rateLimit,
        backfillDays: c.manifest.backfillDays,
        syncEveryMinutes: c.manifest.syncEveryMinutes,
        fileFallback: source.fileFallback,
      };
    });
  }

  /** The operator's check of a connector's app registration (client id and secret), without a person. */
  async selfTest(kind: string): Promise<{ ok: boolean; message: string }> {
    const connector = apiConnector(kind);
    const name = getSource(kind)?.name ?? kind;
    let endpoints;
    try {
      endpoints = await resolveEndpoints(connector, false, this.deps.endpoints, {}, this.deps.fetch);
    } catch (error) {
      if (error instanceof ProviderError) return { ok: false, message: error.message };
      throw error;
    }
    if (!endpoints) {
      const prefix = kind.toUpperCase();
      return {
        ok: false,
        message: `${name} is not set up: set ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET.`,
      };
    }
    return checkClient(connector.manifest, endpoints, this.redirectUri, this.deps.fetch);
  }

  async status(userId: string, kind: string): Promise<SyncStatus> {
    const row = await this.connection(userId, kind);
    const source = presentSource(getSource(kind)!, row, this.context);
    return {
      state: row.sync_state as SyncStatus['state'],
      status: source.status,
      progress: { pages: row.sync_pages, samples: row.sync_samples },
      fraction: row.sync_state === 'idle' ? (row.sync_finished_at !== null ? 1 : null) : null,
      startedAt: iso(row.sync_started_at),
      finishedAt: iso(row.sync_finished_at),
      error: source.lastError,
      lastSync: iso(row.last_sync_at),
      nextSync: iso(row.next_sync_at),
    };
  }

  async stats(userId: string, kind: string): Promise<SyncStats> {
    const row = await this.connection(userId, kind);
    const metrics = await this.deps.samples.sourceKindCounts(userId, kind);
    const runs = await this.deps.syncState.runs(row.id);
    return {
      metrics: metrics.map((m) => ({
        metric: m.kind,
        samples: Number(m.count),
        first: iso(m.first === null ? null : Number(m.first)),
        last: iso(m.last === null ? null : Number(m.last)),
      })),
      syncsRun: row.syncs_run,
      lastError: row.status === 'disconnected' ? null : row.last_error,
      lastSync: iso(row.last_sync_at),
      backfillDays: getConnector(kind)?.manifest.backfillDays ?? null,
      history: runs.map((r) => ({
        id: r.id,
        status: r.status,
        startedAt: iso(r.started_at)!,
        finishedAt: iso(r.finished_at),
        requests: r.requests,
        samples: r.samples,
        inserted: r.inserted,
        updated: Number(r.updated),
        deleted: Number(r.deleted),
        duplicates: Number(r.duplicates),
        rejected: Number(r.rejected),
        problems: JSON.parse(r.problems) as string[],
        error: r.error,
      })),
    };
  }

  /** The person's connection to `kind`; none is refused ("… is not connected"). */
  async connection(userId: string, kind: string): Promise<SyncedConnection> {
    if (!getSource(kind)) throw notFound('Source');
    const row = await this.deps.syncState.byKind(userId, kind);
    if (!row) throw new AppError('conflict', `${getSource(kind)!.name} is not connected`);
    return row;
  }
}
