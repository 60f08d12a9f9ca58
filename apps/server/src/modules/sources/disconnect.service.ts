import { getConnector, type Connector } from '@healthfolio/connectors';
import type { DataSource } from '@healthfolio/core';
import type { SampleStore } from '../metrics';
import type { SourceCatalogue } from './catalogue';
import type { ConnectMethods } from './connect-methods';
import type { ConnectionRow, ConnectionsRepository } from './connections/connections.repository';
import { parseSettings, resolveEndpoints, type EndpointContext } from './endpoints';
import { revokeToken } from './oauth';
import type { SyncStateRepository } from './sync/sync-state.repository';
import type { TokenVault } from './token-vault';

export interface DisconnectDeps {
  repo: ConnectionsRepository;
  syncState: SyncStateRepository;
  store: SampleStore;
  vault: TokenVault;
  endpoints: EndpointContext;
  now: () => number;
  fetch?: typeof fetch;
  catalogue: SourceCatalogue;
  /** Told after a connection of their kind is marked disconnected. */
  methods: ConnectMethods;
  /** The clinical view's records, deleted with a source's samples. */
  clinical?: { deleteSource(userId: string, source: string): Promise<number> };
  /**
   * Provider webhooks: a person's own subscriptions (Withings) ended before their tokens are revoked,
   * the app's push subscription removed with the last connection.
   */
  push?: {
    disconnecting?(row: ConnectionRow): Promise<void>;
    disconnected(kind: string, sandbox: boolean): void;
  };
}

/** Ending connections: one on the person's word (keeping or deleting its data), all on account deletion. */
export class DisconnectService {
  constructor(private readonly deps: DisconnectDeps) {}

  /**
   * Revokes at the provider where possible, forgets the tokens, and keeps or deletes the data as asked.
   * Unasked, a sandbox connection's data goes (it is generated, and the demo is over) and a real one's
   * stays. A sandbox connection deletes only what it wrote (its samples' sandbox path), never the
   * person's own files of the same source.
   */
  async disconnect(
    userId: string,
    kind: string,
    deleteData?: boolean,
  ): Promise<{ source: DataSource; deletedSamples: number; revoked: boolean }> {
    const row = await this.deps.catalogue.connection(userId, kind);
    const sandbox = row.sandbox === 1;
    const remove = deleteData ?? sandbox;
    let revoked = false;
    const connector = getConnector(kind);
    const tokens = row.tokens ? this.deps.vault.unseal(row.tokens) : undefined;
    const endpoints = connector && (await this.endpointsOrNone(connector, row));
    if (tokens) await this.deps.push?.disconnecting?.(row);
    if (connector && endpoints && tokens)
      revoked = await revokeToken(connector.manifest, endpoints, tokens, this.deps.fetch);
    await this.deps.repo.update(row.id, {
      status: 'disconnected',
      tokens: null,
      updated_at: this.deps.now(),
    });
    await this.deps.syncState.update(row.id, {
      cursor: null,
      sync_state: 'idle',
      next_sync_at: null,
      last_error: null,
    });
    await this.deps.methods.get(kind)?.disconnect?.(userId);
    this.deps.push?.disconnected(kind, sandbox);
    const deletedSamples = remove
      ? await this.deps.store.deleteSource(userId, kind, { sandboxOnly: sandbox })
      : 0;
    if (remove) await this.deps.clinical?.deleteSource(userId, kind);
    return { source: await this.deps.catalogue.get(userId, kind), deletedSamples, revoked };
  }

  /**
   * Revokes every token the person's connections hold at their providers (account deletion). Best effort,
   * as on disconnect: a provider that is down or offers no revocation never blocks the deletion.
   * Answers how many providers confirmed.
   */
  async revokeAll(userId: string): Promise<number> {
    let revoked = 0;
    for (const row of await this.deps.repo.list(userId)) {
      const connector = getConnector(row.kind);
      const tokens = row.tokens ? this.deps.vault.unseal(row.tokens) : undefined;
      if (!connector || !tokens) continue;
      const endpoints = await this.endpointsOrNone(connector, row);
      if (endpoints && (await revokeToken(connector.manifest, endpoints, tokens, this.deps.fetch)))
        revoked += 1;
    }
    return revoked;
  }

  /** Endpoints for a revocation; an unreachable provider never blocks a disconnect. */
  private async endpointsOrNone(connector: Connector, row: ConnectionRow) {
    try {
      return await resolveEndpoints(
        connector,
        row.sandbox === 1,
        this.deps.endpoints,
        parseSettings(row.settings),
        this.deps.fetch,
      );
    } catch {
      return undefined;
    }
  }
}
