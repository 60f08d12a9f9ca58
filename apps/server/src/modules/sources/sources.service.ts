// Over 300 lines: the Data Sources API's one service; connect, sync and disconnect share its helpers.
import { randomUUID } from 'node:crypto';
import { getConnector, connectors, type Connector, type TokenSet } from '@healthfolio/connectors';
import {
  getSource,
  sourceCatalogue,
  type ConnectRequest,
  type ConnectResult,
  type DataSource,
  type Integration,
  type SyncStats,
  type SyncStatus,
} from '@healthfolio/core';
import { AppError, notFound } from '../../http/errors';
import type { SampleStore, SamplesQuery } from '../metrics';
import type { ConnectionRow, ConnectionsRepository } from './connections.repository';
import {
  endpointsFor,
  isConfigured,
  loginContext,
  parseSettings,
  resolveEndpoints,
  type ConnectionSettings,
  type EndpointContext,
} from './endpoints';
import {
  authorizationUrl,
  checkClient,
  exchangeCode,
  hashState,
  newCodeVerifier,
  newState,
  revokeToken,
} from './oauth';
import { ProviderError } from './provider-errors';
import { presentSource } from './present';
import type { SyncRunner } from './sync-runner';
import type { TokenVault } from './token-vault';
import { providerUserId } from './provider-user';

const DAY_MS = 86_400_000;
/** A connection attempt must come back within this long. */
const STATE_TTL_MS = 10 * 60_000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export interface SourcesDeps {
  repo: ConnectionsRepository;
  runner: SyncRunner;
  store: SampleStore;
  vault: TokenVault;
  endpoints: EndpointContext;
  sandboxProviders: boolean;
  now: () => number;
  fetch?: typeof fetch;
  /** What each source holds for a person ("Your sources", a connection's stats). */
  samples: Pick<SamplesQuery, 'sourceHoldings' | 'sourceKindCounts'>;
  /** Whether the person operates this server: its first account. */
  isOperator: (userId: string) => Promise<boolean>;
  /** The clinical view's records, deleted with a source's samples. */
  clinical?: { deleteSource(userId: string, source: string): Promise<number> };
  /**
   * Provider webhooks: the app's push subscription made on connect, removed with the last connection;
   * a person's own subscriptions (Withings) made on connect and ended before their tokens are revoked.
   */
  push?: {
    connected(kind: string, sandbox: boolean, connectionId?: string): void;
    disconnecting?(row: ConnectionRow): Promise<void>;
    disconnected(kind: string, sandbox: boolean): void;
  };
}

/**
 * How one source kind connects when that is not OAuth or a password sign-in: an ingest URL (Apple Health),
 * a feed (report builder), a credential sign-in with its own steps, or instructions for an export.
 */
export interface SourceHandler {
  connect(userId: string, input: ConnectRequest): Promise<ConnectResult>;
  /** Told after the connection is marked disconnected (revoke ingest tokens …). */
  disconnect?(userId: string): Promise<void>;
}

/** The Data Sources API: the catalogue with the user's connections, OAuth connect, sync and disconnect. */
export class SourcesService {
  private readonly handlers = new Map<string, SourceHandler>();

  constructor(private readonly deps: SourcesDeps) {}

  /** A module takes over connecting one kind (registered in app.ts). */
  registerHandler(kind: string, handler: SourceHandler): void {
    this.handlers.set(kind, handler);
  }

  private get context() {
    return { ...this.deps.endpoints, sandboxProviders: this.deps.sandboxProviders };
  }

  /** The redirect URI every provider is registered with: the SPA's /oauth/callback route. */
  get redirectUri(): string {
    return `${this.deps.endpoints.publicUrl}/oauth/callback`;
  }

  async list(userId: string): Promise<DataSource[]> {
    const [rows, held] = await Promise.all([
      this.deps.repo.list(userId),
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
    return presentSource(source, await this.deps.repo.byKind(userId, kind), this.context);
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
    const connector = this.connector(kind);
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

  /** Starts connecting: the provider's consent URL, with a single-use `state` bound to this user. */
  async authorize(
    userId: string,
    kind: string,
    sandbox = false,
    settings: ConnectionSettings = {},
  ): Promise<string> {
    const connector = this.connector(kind);
    const useSandbox =
      sandbox || (!isConfigured(connector, this.deps.endpoints) && this.deps.sandboxProviders);
    if (useSandbox && !this.deps.sandboxProviders) {
      throw new AppError('conflict', 'Sandbox providers are turned off on this server');
    }
    const endpoints = await this.endpoints(connector, useSandbox, settings);
    const oauth = connector.manifest.oauth;
    if (!endpoints || !oauth) {
      throw new AppError('conflict', `${getSource(kind)?.name ?? kind} is not set up on this server yet`, {
        details: { configured: false },
      });
    }
    const state = newState();
    const verifier = oauth.pkce ? newCodeVerifier() : null;
    const at = this.deps.now();
    await this.deps.repo.saveState({
      state_hash: hashState(state),
      user_id: userId,
      kind,
      sandbox: useSandbox ? 1 : 0,
      code_verifier: verifier,
      settings: Object.keys(settings).length > 0 ? JSON.stringify(settings) : null,
      created_at: at,
      expires_at: at + STATE_TTL_MS,
    });
    return authorizationUrl(oauth, endpoints, this.redirectUri, state, verifier);
  }

  /**
   * Completes connecting with the code the provider sent back. The `state` must be one this user
   * started, unused and unexpired: a forged or replayed callback is refused (CSRF, RFC 6749 §10.12).
   */
  async complete(
    userId: string,
    input: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
    expectedKind?: string,
  ): Promise<DataSource> {
    const state =
      input.state !== undefined
        ? await this.deps.repo.takeState(userId, hashState(input.state), this.deps.now())
        : expectedKind
          ? await this.deps.repo.takeOnlyOpenState(userId, expectedKind, this.deps.now())
          : undefined;
    if (!state || (expectedKind && state.kind !== expectedKind)) {
      throw new AppError(
        'bad_request',
        'This connection attempt is unknown, expired or already used. Start connecting again from the Sources page.',
      );
    }
    const connector = this.connector(state.kind);
    const name = getSource(state.kind)?.name ?? state.kind;
    if (input.error || !input.code) {
      throw new AppError(
        'bad_request',
        input.error === 'access_denied'
          ? `${name} was not connected: access was denied at ${name}.`
          : `${name} did not send an authorization code (${input.error ?? 'none'}).`,
      );
    }
    const settings = parseSettings(state.settings);
    const endpoints = await this.endpoints(connector, state.sandbox === 1, settings);
    if (!endpoints) throw new AppError('conflict', `${name} is not set up on this server`);
    let tokens;
    try {
      tokens = await exchangeCode(
        connector.manifest,
        endpoints,
        input.code,
        this.redirectUri,
        state.code_verifier,
        this.deps.now(),
        this.deps.fetch,
      );
    } catch (error) {
      if (error instanceof ProviderError) throw new AppError('unprocessable', error.message);
      throw error;
    }
    return this.save(userId, connector, state.sandbox === 1, tokens, settings);
  }

  /** `connect`: with a code, completes; for OAuth without one, answers the consent URL; others are marked in use. */
  async connect(userId: string, kind: string, input: ConnectRequest): Promise<ConnectResult> {
    const source = getSource(kind);
    if (!source) throw notFound('Source');
    const handler = this.handlers.get(kind);
    if (handler && !input.code) return handler.connect(userId, input);
    if (input.code) {
      // Without `state` (SPEC's `connect: code`), the code completes this user's one open attempt at
      // this kind, still single use and bound to them; with several open, the state must say which.
      return {
        authorizationUrl: null,
        source: await this.complete(userId, { code: input.code, state: input.state }, kind),
      };
    }
    const connector = getConnector(kind);
    if (connector?.login) {
      return { authorizationUrl: null, source: await this.login(userId, connector, input) };
    }
    if (connector) {
      return {
        authorizationUrl: await this.authorize(userId, kind, input.sandbox),
        source: await this.get(userId, kind),
      };
    }
    // Sources without an API (uploads, devices, feeds): connecting says "I use this"; data comes by import.
    await this.upsert(userId, kind, { status: 'connected', last_error: null });
    return { authorizationUrl: null, source: await this.get(userId, kind) };
  }

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
    const row = await this.connection(userId, kind);
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
      cursor: null,
      sync_state: 'idle',
      next_sync_at: null,
      last_error: null,
      updated_at: this.deps.now(),
    });
    await this.handlers.get(kind)?.disconnect?.(userId);
    this.deps.push?.disconnected(kind, sandbox);
    const deletedSamples = remove
      ? await this.deps.store.deleteSource(userId, kind, { sandboxOnly: sandbox })
      : 0;
    if (remove) await this.deps.clinical?.deleteSource(userId, kind);
    return { source: await this.get(userId, kind), deletedSamples, revoked };
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

  /** Queues a sync: incremental, or `days` back. */
  async sync(userId: string, kind: string, days?: number): Promise<SyncStatus> {
    const row = await this.connection(userId, kind);
    if (!getConnector(kind) || !row.tokens || row.status === 'disconnected') {
      throw new AppError('conflict', `${getSource(kind)?.name ?? kind} is not connected`);
    }
    if (row.sync_state === 'idle') {
      const at = this.deps.now();
      const backfill = getConnector(kind)!.manifest.backfillDays;
      await this.deps.repo.update(row.id, {
        sync_state: 'queued',
        sync_from: days ? at - Math.min(days, backfill) * DAY_MS : null,
        sync_to: null,
        cursor: null,
        updated_at: at,
      });
      this.deps.runner.enqueue(row.id);
    }
    return this.status(userId, kind);
  }

  async setLastSync(userId: string, kind: string, lastSync: string): Promise<SyncStatus> {
    const row = await this.connection(userId, kind);
    await this.deps.repo.update(row.id, { last_sync_at: Date.parse(lastSync), updated_at: this.deps.now() });
    return this.status(userId, kind);
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
    const runs = await this.deps.repo.runs(row.id);
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

  /** Stores the tokens of a new or renewed connection and queues its first sync. */
  private async save(
    userId: string,
    connector: Connector,
    sandbox: boolean,
    tokens: TokenSet,
    settings: ConnectionSettings = {},
  ): Promise<DataSource> {
    const kind = connector.manifest.kind;
    const id = await this.upsert(userId, kind, {
      status: 'connected',
      sandbox: sandbox ? 1 : 0,
      tokens: this.deps.vault.seal(tokens),
      settings: Object.keys(settings).length > 0 ? JSON.stringify(settings) : null,
      cursor: null,
      sync_state: 'queued',
      sync_from: this.deps.now() - connector.manifest.defaultDays * DAY_MS,
      sync_to: null,
      last_error: null,
      next_sync_at: null,
      provider_user_id: providerUserId(tokens),
    });
    this.deps.runner.enqueue(id);
    this.deps.push?.connected(kind, sandbox, id);
    return this.get(userId, kind);
  }

  /**
   * For handlers: saves a connection made their own way. With tokens (a feed's key, a sign-in) it is
   * stored sealed and, when the kind has a connector, its first sync is queued; without, the source is
   * marked in use (data comes by ingest URL, import or entry).
   */
  async saveConnection(
    userId: string,
    kind: string,
    options: { tokens?: TokenSet; settings?: ConnectionSettings; sandbox?: boolean } = {},
  ): Promise<DataSource> {
    const connector = getConnector(kind);
    if (connector && options.tokens) {
      return this.save(userId, connector, !!options.sandbox, options.tokens, options.settings);
    }
    await this.upsert(userId, kind, {
      status: 'connected',
      sandbox: options.sandbox ? 1 : 0,
      last_error: null,
      ...(options.settings ? { settings: JSON.stringify(options.settings) } : {}),
    });
    return this.get(userId, kind);
  }

  /** A connection's saved settings ({} when none). */
  async settingsOf(userId: string, kind: string): Promise<ConnectionSettings> {
    return parseSettings((await this.deps.repo.byKind(userId, kind))?.settings);
  }

  /** Whether sandbox providers stand in for unset connectors here. */
  get sandboxProviders(): boolean {
    return this.deps.sandboxProviders;
  }

  private async endpoints(connector: Connector, sandbox: boolean, settings: ConnectionSettings) {
    try {
      return await resolveEndpoints(connector, sandbox, this.deps.endpoints, settings, this.deps.fetch);
    } catch (error) {
      if (error instanceof ProviderError) throw new AppError('unprocessable', error.message);
      throw error;
    }
  }

  /** Endpoints for a disconnect's revocation; an unreachable provider never blocks a disconnect. */
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

  /** Updates the user's connection to `kind`, or creates it from a blank one; answers its id. */
  private async upsert(
    userId: string,
    kind: string,
    values: Partial<Omit<ConnectionRow, 'id' | 'user_id' | 'kind' | 'created_at' | 'updated_at'>>,
  ): Promise<string> {
    const at = this.deps.now();
    const existing = await this.deps.repo.byKind(userId, kind);
    if (existing) {
      await this.deps.repo.update(existing.id, { ...values, updated_at: at });
      return existing.id;
    }
    const id = randomUUID();
    await this.deps.repo.insert({
      id,
      user_id: userId,
      kind,
      sandbox: 0,
      status: 'connected',
      tokens: null,
      cursor: null,
      sync_state: 'idle',
      sync_from: null,
      sync_to: null,
      sync_started_at: null,
      sync_finished_at: null,
      sync_pages: 0,
      sync_samples: 0,
      last_sync_at: null,
      last_error: null,
      syncs_run: 0,
      next_sync_at: null,
      settings: null,
      provider_user_id: null,
      created_at: at,
      updated_at: at,
      ...values,
    });
    return id;
  }

  /** Signs in with a password at providers without third-party OAuth; the password is not kept. */
  private async login(
    userId: string,
    connector: Connector,
    input: { username?: string | undefined; password?: string | undefined; sandbox?: boolean | undefined },
  ): Promise<DataSource> {
    const name = getSource(connector.manifest.kind)?.name ?? connector.manifest.kind;
    if (!input.username || !input.password) {
      throw new AppError('validation', `username and password: Required to connect ${name}`);
    }
    if (input.sandbox && !this.deps.sandboxProviders) {
      throw new AppError('conflict', 'Sandbox providers are turned off on this server');
    }
    const sandbox =
      !!input.sandbox || (!isConfigured(connector, this.deps.endpoints) && this.deps.sandboxProviders);
    const endpoints = endpointsFor(connector, sandbox, this.deps.endpoints);
    if (!endpoints) throw new AppError('conflict', `${name} is not set up on this server yet`);
    let tokens: TokenSet;
    try {
      tokens = await connector.login!(
        { username: input.username, password: input.password },
        loginContext(endpoints, sandbox, this.deps.now(), this.deps.fetch ?? fetch),
      );
    } catch (error) {
      if (error instanceof Error && !(error instanceof AppError)) {
        throw new AppError('unprocessable', `${name} did not accept the sign-in: ${error.message}`);
      }
      throw error;
    }
    return this.save(userId, connector, sandbox, tokens);
  }

  private connector(kind: string): Connector {
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

  private async connection(userId: string, kind: string): Promise<ConnectionRow> {
    if (!getSource(kind)) throw notFound('Source');
    const row = await this.deps.repo.byKind(userId, kind);
    if (!row) throw new AppError('conflict', `${getSource(kind)!.name} is not connected`);
    return row;
  }
}
