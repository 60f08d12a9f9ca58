import { randomUUID } from 'node:crypto';
import type { Connector, TokenSet } from '@healthfolio/connectors';
import { getConnector } from '@healthfolio/connectors';
import { getSource, type DataSource, type SyncStatus } from '@healthfolio/core';
import { AppError } from '../../http/errors';
import { apiConnector, type SourceCatalogue } from './catalogue';
import type { Connecting } from './connect-methods';
import type { ConnectionRow, ConnectionsRepository } from './connections/connections.repository';
import {
  endpointsFor,
  isConfigured,
  loginContext,
  parseSettings,
  resolveEndpoints,
  type ConnectionSettings,
  type EndpointContext,
} from './endpoints';
import { authorizationUrl, exchangeCode, hashState, newCodeVerifier, newState } from './oauth';
import { ProviderError } from './provider-errors';
import { providerUserId } from './provider-user';
import type { SyncRunner } from './sync/sync-runner';
import type { SyncStateRepository, SyncStateUpdate } from './sync/sync-state.repository';
import type { TokenVault } from './token-vault';

const DAY_MS = 86_400_000;
/** A connection attempt must come back within this long. */
const STATE_TTL_MS = 10 * 60_000;

export interface ConnectDeps {
  repo: ConnectionsRepository;
  syncState: SyncStateRepository;
  runner: SyncRunner;
  vault: TokenVault;
  endpoints: EndpointContext;
  sandboxProviders: boolean;
  now: () => number;
  fetch?: typeof fetch;
  catalogue: SourceCatalogue;
  /** Provider webhooks: the app's push subscription (and a person's own, Withings) made on connect. */
  push?: { connected(kind: string, sandbox: boolean, connectionId?: string): void };
}

/**
 * Making connections: OAuth (authorization code with PKCE, a single-use state bound to the person), a
 * password sign-in at providers without third-party OAuth, and the saves connect methods make their own
 * way. A saved connection with tokens has its first sync queued.
 */
export class ConnectService implements Connecting {
  constructor(private readonly deps: ConnectDeps) {}

  /** Whether sandbox providers stand in for unset connectors here. */
  get sandboxProviders(): boolean {
    return this.deps.sandboxProviders;
  }

  get(userId: string, kind: string): Promise<DataSource> {
    return this.deps.catalogue.get(userId, kind);
  }

  /** Starts connecting: the provider's consent URL, with a single-use `state` bound to this user. */
  async authorize(
    userId: string,
    kind: string,
    sandbox = false,
    settings: ConnectionSettings = {},
  ): Promise<string> {
    const connector = apiConnector(kind);
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
    return authorizationUrl(oauth, endpoints, this.deps.catalogue.redirectUri, state, verifier);
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
    const connector = apiConnector(state.kind);
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
        this.deps.catalogue.redirectUri,
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

  /** Signs in with a password at providers without third-party OAuth; the password is not kept. */
  async login(
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

  /**
   * For connect methods: saves a connection made their own way. With tokens (a feed's key, a sign-in) it
   * is stored sealed and, when the kind has a connector, its first sync is queued; without, the source is
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
    await this.upsert(
      userId,
      kind,
      {
        status: 'connected',
        sandbox: options.sandbox ? 1 : 0,
        ...(options.settings ? { settings: JSON.stringify(options.settings) } : {}),
      },
      { last_error: null },
    );
    return this.get(userId, kind);
  }

  /** Sources without an API (uploads, devices, feeds): connecting says "I use this"; data comes by import. */
  async markInUse(userId: string, kind: string): Promise<DataSource> {
    await this.upsert(userId, kind, { status: 'connected' }, { last_error: null });
    return this.get(userId, kind);
  }

  /** A connection's saved settings ({} when none). */
  async settingsOf(userId: string, kind: string): Promise<ConnectionSettings> {
    return parseSettings((await this.deps.repo.byKind(userId, kind))?.settings);
  }

  /** When data last came for a source that pushes it (an ingest URL) or says so itself. */
  async setLastSync(userId: string, kind: string, lastSync: string): Promise<SyncStatus> {
    const row = await this.deps.catalogue.connection(userId, kind);
    await this.deps.syncState.update(row.id, { last_sync_at: Date.parse(lastSync) });
    return this.deps.catalogue.status(userId, kind);
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
    const id = await this.upsert(
      userId,
      kind,
      {
        status: 'connected',
        sandbox: sandbox ? 1 : 0,
        tokens: this.deps.vault.seal(tokens),
        settings: Object.keys(settings).length > 0 ? JSON.stringify(settings) : null,
        provider_user_id: providerUserId(tokens),
      },
      {
        cursor: null,
        sync_state: 'queued',
        sync_from: this.deps.now() - connector.manifest.defaultDays * DAY_MS,
        sync_to: null,
        last_error: null,
        next_sync_at: null,
      },
    );
    this.deps.runner.enqueue(id);
    this.deps.push?.connected(kind, sandbox, id);
    return this.get(userId, kind);
  }

  private async endpoints(connector: Connector, sandbox: boolean, settings: ConnectionSettings) {
    try {
      return await resolveEndpoints(connector, sandbox, this.deps.endpoints, settings, this.deps.fetch);
    } catch (error) {
      if (error instanceof ProviderError) throw new AppError('unprocessable', error.message);
      throw error;
    }
  }

  /** Updates the user's connection to `kind` (or makes a blank one), then its sync state; answers its id. */
  private async upsert(
    userId: string,
    kind: string,
    values: Partial<Omit<ConnectionRow, 'id' | 'user_id' | 'kind' | 'created_at' | 'updated_at'>>,
    sync: SyncStateUpdate = {},
  ): Promise<string> {
    const at = this.deps.now();
    const existing = await this.deps.repo.byKind(userId, kind);
    const id = existing?.id ?? randomUUID();
    if (existing) {
      await this.deps.repo.update(id, { ...values, updated_at: at });
    } else {
      await this.deps.repo.insert({
        id,
        user_id: userId,
        kind,
        sandbox: 0,
        status: 'connected',
        tokens: null,
        settings: null,
        provider_user_id: null,
        created_at: at,
        updated_at: at,
        ...values,
      });
    }
    if (Object.keys(sync).length > 0) await this.deps.syncState.update(id, sync);
    return id;
  }
}
