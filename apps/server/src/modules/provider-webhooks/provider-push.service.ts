// Over 300 lines: one service for provider webhooks; subscriptions and push-triggered syncs share its state.
import { createHmac } from 'node:crypto';
import { getConnector, type ProviderHttp, type TokenSet } from '@healthfolio/connectors';
import type { FastifyBaseLogger } from 'fastify';
import type { SamplesQuery } from '../metrics';
import {
  type ConnectionRow,
  type ConnectionsRepository,
  endpointsFor,
  type EndpointContext,
  refreshTokens,
  type ProviderEndpoints,
  createProviderHttp,
  type SyncedConnection,
  type SyncRunner,
  type SyncStateRepository,
  type TokenVault,
  localMidnight,
} from '../sources';
import type { ProviderSubscriptionsRepository } from './provider-subscriptions.repository';

const DAY_MS = 86_400_000;

/** Providers whose notifications are not signed (Withings, Garmin): their pushes are limited per connection. */
export const UNSIGNED: ReadonlySet<string> = new Set(['withings', 'garmin']);
/** At most one push-triggered sync per connection of an unsigned provider in this time. */
export const PUSH_INTERVAL_MS = 60_000;

/** What one provider's push needs: its subscription calls (when it has them), keyed like its connections. */
export interface PushProvider {
  kind: string;
  /** The person's id at the provider, when the token answer does not carry it (Oura's personal_info). */
  identify?(call: PersonCall): Promise<string | undefined>;
  /** Creates the app's subscription (when missing) and answers its id. */
  subscribe?(call: SubscriptionCall): Promise<string>;
  unsubscribe?(call: SubscriptionCall, subscriptionId: string): Promise<void>;
  /**
   * Subscriptions that expire (Oura's, after about 90 days) are renewed when older than this, on the
   * sync schedule; `renew` answers the (possibly new) id, or undefined when the provider no longer has it.
   */
  renewAfterDays?: number;
  renew?(call: SubscriptionCall, subscriptionId: string): Promise<string | undefined>;
  /** Subscribes one person's data (Withings' notify), with their tokens, after they connect. */
  subscribePerson?(call: PersonSubscriptionCall): Promise<void>;
  /** Ends one person's subscriptions, before their tokens are revoked on disconnect. */
  unsubscribePerson?(call: PersonSubscriptionCall): Promise<void>;
}

export interface SubscriptionCall {
  endpoints: ProviderEndpoints;
  callbackUrl: string;
  verifyToken: string;
  /** The sandbox provider: a callback set in the real provider's developer portal is set at its stand-in. */
  sandbox: boolean;
  fetch: typeof fetch;
}

/** A call on one person's behalf: the provider's API with their tokens (refreshed on a 401, as syncs do). */
export interface PersonCall {
  http: ProviderHttp;
}

export interface PersonSubscriptionCall extends PersonCall {
  callbackUrl: string;
}

export interface ProviderPushDeps {
  connections: ConnectionsRepository;
  syncState: SyncStateRepository;
  subscriptions: ProviderSubscriptionsRepository;
  runner: SyncRunner;
  zones: Pick<SamplesQuery, 'timeZone'>;
  endpoints: EndpointContext;
  sandboxProviders: boolean;
  providers: readonly PushProvider[];
  vault: TokenVault;
  log: FastifyBaseLogger;
  now: () => number;
  fetch?: typeof fetch;
}

/**
 * Provider webhooks (issue 27): subscriptions made on connect and removed with the last connection, and
 * what a verified push does — a targeted sync of the changed window, queued on the SyncRunner like any
 * other, never run inside the provider's request (they want an answer within seconds).
 */
export class ProviderPushService {
  private readonly pending = new Set<Promise<void>>();
  /** Pushes of unsigned providers that came while the connection's sync ran (this instance only). */
  private readonly heldWhileRunning = new Map<
    string,
    { at: number; targets: ((previous: string | null) => string | undefined)[] }
  >();
  private heldTimer: NodeJS.Timeout | undefined;
  private heldBusy = false;

  constructor(private readonly deps: ProviderPushDeps) {}

  /** The server's clock (tests move it). */
  now(): number {
    return this.deps.now();
  }

  /** Where a provider posts: `${PUBLIC_URL}/api/provider-webhooks/<kind>`. */
  callbackUrl(kind: string): string {
    return `${this.deps.endpoints.publicUrl}/api/provider-webhooks/${kind}`;
  }

  /**
   * The token a provider echoes when it checks our callback: derived from the app's client secret (the
   * sandbox's for the sandbox), so no extra setting is needed and no one without the secret can make it.
   */
  verifyToken(kind: string, sandbox: boolean): string | undefined {
    const connector = getConnector(kind);
    const endpoints = connector && endpointsFor(connector, sandbox, this.deps.endpoints);
    if (!endpoints?.clientSecret) return undefined;
    return createHmac('sha256', endpoints.clientSecret).update(`healthfolio-push:${kind}`).digest('hex');
  }

  subscriptionKey = (kind: string, sandbox: boolean) => (sandbox ? `${kind}:sandbox` : kind);

  async subscriptionId(kind: string, sandbox: boolean): Promise<string | undefined> {
    return this.deps.subscriptions.get(this.subscriptionKey(kind, sandbox));
  }

  /**
   * After a connection is saved: the app's subscription, if the provider has one and it is missing, and
   * the person's own (Withings), made with their tokens.
   */
  connected(kind: string, sandbox: boolean, connectionId?: string): void {
    this.background(async () => {
      const provider = this.deps.providers.find((p) => p.kind === kind);
      const call = this.call(kind, sandbox);
      if (!provider || !call) return;
      const key = this.subscriptionKey(kind, sandbox);
      if (provider.subscribe && !(await this.deps.subscriptions.get(key))) {
        const id = await provider.subscribe(call);
        await this.deps.subscriptions.save(key, id, this.deps.now());
      }
      if (provider.subscribePerson && connectionId) {
        const row = await this.deps.syncState.byId(connectionId);
        const http = row && this.personHttp(row, sandbox);
        if (http) await provider.subscribePerson({ http, callbackUrl: call.callbackUrl });
      }
    });
  }

  /**
   * Before a disconnect revokes the person's tokens: their own subscriptions end while the tokens still
   * work. Never blocks the disconnect for long, and never fails it.
   */
  async disconnecting(row: ConnectionRow): Promise<void> {
    const provider = this.deps.providers.find((p) => p.kind === row.kind);
    const sandbox = row.sandbox === 1;
    const call = this.call(row.kind, sandbox);
    const http = provider?.unsubscribePerson && call && this.personHttp(row, sandbox, 10_000);
    if (!http) return;
    try {
      await provider.unsubscribePerson!({ http, callbackUrl: call.callbackUrl });
    } catch (error) {
      this.deps.log.warn({ err: error }, 'a provider webhook subscription could not be removed');
    }
  }

  /**
   * On the sync schedule: each expiring subscription older than its provider's `renewAfterDays` is
   * renewed (made again when the provider has lost it), so pushes never stop for a server left running.
   */
  async renewDue(): Promise<void> {
    for (const provider of this.deps.providers) {
      if (!provider.renew || !provider.renewAfterDays) continue;
      for (const sandbox of [false, true]) {
        const key = this.subscriptionKey(provider.kind, sandbox);
        const saved = await this.deps.subscriptions.row(key);
        const call = this.call(provider.kind, sandbox);
        if (!saved || !call || this.deps.now() - saved.at < provider.renewAfterDays * DAY_MS) continue;
        const renewed =
          (await provider.renew(call, saved.subscriptionId)) ??
          (provider.subscribe ? await provider.subscribe(call) : undefined);
        if (renewed) await this.deps.subscriptions.save(key, renewed, this.deps.now());
        else await this.deps.subscriptions.remove(key);
      }
    }
  }

  /** After a disconnect: the app's subscription goes with the last connection of its kind. */
  disconnected(kind: string, sandbox: boolean): void {
    this.background(async () => {
      const provider = this.deps.providers.find((p) => p.kind === kind);
      const call = this.call(kind, sandbox);
      const key = this.subscriptionKey(kind, sandbox);
      const id = await this.deps.subscriptions.get(key);
      if (!provider?.unsubscribe || !call || !id) return;
      if (await this.deps.subscriptions.anyConnected(kind, sandbox)) return;
      await provider.unsubscribe(call, id);
      await this.deps.subscriptions.remove(key);
    });
  }

  /** The person's connection a push names, or undefined (a person not, or no longer, connected here). */
  async connection(
    kind: string,
    providerUser: string,
    sandbox: boolean,
  ): Promise<SyncedConnection | undefined> {
    const known = (await this.deps.subscriptions.connectionsOf(kind, providerUser, sandbox))[0];
    if (known) return this.deps.syncState.byId(known.id);
    // A provider whose token answer does not name the person (Oura): the connections not yet identified
    // are asked once, when a push first names someone unknown — never on connect, which calls nothing extra.
    const provider = this.deps.providers.find((p) => p.kind === kind);
    if (!provider?.identify) return undefined;
    for (const row of await this.deps.subscriptions.unidentified(kind, sandbox)) {
      const id = await this.identify(provider, row, sandbox);
      if (id === providerUser) return this.deps.syncState.byId(row.id);
    }
    return undefined;
  }

  /**
   * Reads something of the person's at the provider with their tokens (WHOOP's record, to learn its day),
   * within a few seconds; undefined when it cannot.
   */
  async readAs<T>(row: ConnectionRow, read: (http: ProviderHttp) => Promise<T>): Promise<T | undefined> {
    const http = this.personHttp(row, row.sandbox === 1, 5_000);
    if (!http) return undefined;
    try {
      return await read(http);
    } catch {
      return undefined;
    }
  }

  /**
   * For providers that sign nothing (Withings, Garmin), so cannot say whether the sandbox sent it: the
   * person's real connection, else their sandbox one.
   */
  async connectionOfEither(kind: string, providerUser: string): Promise<SyncedConnection | undefined> {
    return (
      (await this.connection(kind, providerUser, false)) ??
      (this.deps.sandboxProviders ? await this.connection(kind, providerUser, true) : undefined)
    );
  }

  /** The API origin a connection's provider answers at (the sandbox's for a sandbox connection). */
  apiOrigin(kind: string, sandbox: boolean): string | undefined {
    const connector = getConnector(kind);
    const endpoints = connector && endpointsFor(connector, sandbox, this.deps.endpoints);
    return endpoints && new URL(endpoints.apiBaseUrl).origin;
  }

  /**
   * Queues a sync of the connection from the local midnight the day before `at`: what the provider said
   * changed, and the days around it. A sync already queued reaches back as far; one running is followed
   * by the schedule.
   *
   * `targets` (Garmin): what the notification itself says to read, as the connector's cursor — merged
   * with a targeted sync already queued; when it answers undefined (too many, or a window already
   * queued) the sync reads its window instead.
   *
   * Providers that sign nothing (`UNSIGNED`) are limited per connection: a push within `PUSH_INTERVAL_MS`
   * of the connection's last sync start queues nothing at once; its window (and targets) are merged into
   * the connection's row and the schedule runs them when the interval is over — so whoever knows a
   * person's provider id cannot make the server read their data in a loop.
   */
  async syncAround(
    row: SyncedConnection,
    at: number,
    targets?: (previous: string | null) => string | undefined,
  ): Promise<void> {
    const timeZone = (await this.deps.zones.timeZone(row.user_id)) ?? 'UTC';
    const now = this.deps.now();
    // A change older than the connector's backfill reaches back only that far (an unsigned provider's
    // notification cannot make a connection read decades).
    const backfillDays = getConnector(row.kind)?.manifest.backfillDays ?? 365;
    const from = Math.max(
      localMidnight(Math.min(at, now), timeZone, 1),
      localMidnight(now - backfillDays * DAY_MS, timeZone, 0),
    );
    const earliest = (queued: number | null) => (queued === null ? from : Math.min(queued, from));
    if (row.sync_state === 'idle') {
      // A window already held for the schedule (or left by a failed run) is merged into, not replaced: a
      // window (no cursor, or a window's own) stays a window; targets join targets.
      // A failed run's window and cursor (it has `last_error`) are not merged: its pull may be what failed.
      const held = row.sync_from !== null && row.last_error === null;
      const cursor = held && row.cursor === null ? null : (targets?.(held ? row.cursor : null) ?? null);
      const lastStart = row.sync_started_at ?? Number.NEGATIVE_INFINITY;
      if (UNSIGNED.has(row.kind) && now - lastStart < PUSH_INTERVAL_MS) {
        // Held for the schedule: one sync for everything pushed until the interval is over.
        await this.deps.syncState.update(row.id, {
          sync_from: held ? earliest(row.sync_from) : from,
          cursor,
          next_sync_at: Math.min(row.next_sync_at ?? Infinity, lastStart + PUSH_INTERVAL_MS),
        });
        return;
      }
      await this.deps.syncState.update(row.id, {
        sync_state: 'queued',
        sync_from: held ? earliest(row.sync_from) : from,
        sync_to: null,
        cursor,
      });
      this.deps.runner.enqueue(row.id);
    } else if (row.sync_state === 'queued') {
      // A scheduled window (no sync_from) already reaches back its revised days: left as it is.
      if (row.sync_from === null) return;
      const cursor = row.cursor === null ? null : (targets?.(row.cursor) ?? (targets ? null : row.cursor));
      await this.deps.syncState.update(row.id, { sync_from: earliest(row.sync_from), cursor });
    } else if (row.sync_state === 'running' && UNSIGNED.has(row.kind)) {
      // The finishing run resets its window: kept here, and applied (held for the schedule) once it ends.
      const held = this.heldWhileRunning.get(row.id);
      this.heldWhileRunning.set(row.id, {
        at: Math.min(held?.at ?? at, at),
        targets: [...(held?.targets ?? []), ...(targets ? [targets] : [])],
      });
      this.watchHeld();
    } else if (row.sync_state === 'running') {
      await this.deps.syncState.update(row.id, { next_sync_at: now });
    }
  }

  /** Every quarter second while pushes wait for a run to end: those whose run has ended are applied. */
  private watchHeld(): void {
    if (this.heldTimer) return;
    this.heldTimer = setInterval(() => {
      if (this.heldBusy) return;
      this.heldBusy = true;
      this.background(
        async () => {
          for (const [id, held] of [...this.heldWhileRunning]) {
            const row = await this.deps.syncState.byId(id);
            if (row?.sync_state === 'running') continue;
            this.heldWhileRunning.delete(id);
            if (!row || row.status !== 'connected') continue;
            const chain = (previous: string | null): string | undefined => {
              let cursor: string | null = previous;
              for (const add of held.targets) {
                const next = add(cursor);
                if (next === undefined) return undefined;
                cursor = next;
              }
              return cursor ?? undefined;
            };
            await this.syncAround(row, held.at, held.targets.length > 0 ? chain : undefined);
          }
          if (this.heldWhileRunning.size === 0) {
            clearInterval(this.heldTimer);
            this.heldTimer = undefined;
          }
        },
        () => (this.heldBusy = false),
      );
    }, 250);
    this.heldTimer.unref();
  }

  /** A provider took away our access (Strava's `authorized: false`): the person is asked to connect again. */
  async revoked(row: ConnectionRow, name: string): Promise<void> {
    await this.deps.connections.update(row.id, { status: 'error', updated_at: this.deps.now() });
    await this.deps.syncState.update(row.id, {
      next_sync_at: null,
      last_error: `${name} access was removed at ${name}. Connect ${name} again to keep syncing.`,
    });
  }

  private async identify(
    provider: PushProvider,
    row: ConnectionRow,
    sandbox: boolean,
  ): Promise<string | undefined> {
    const http = this.personHttp(row, sandbox);
    if (!http) return undefined;
    let id: string | undefined;
    try {
      id = await provider.identify!({ http });
    } catch {
      return undefined;
    }
    if (id) await this.deps.connections.update(row.id, { provider_user_id: id });
    return id;
  }

  /** The provider's API with one person's tokens, refreshed (and saved) on a 401 as syncs do. */
  private personHttp(row: ConnectionRow, sandbox: boolean, timeoutMs = 15_000): ProviderHttp | undefined {
    const tokens = row.tokens ? this.deps.vault.unseal(row.tokens) : undefined;
    const connector = getConnector(row.kind);
    const endpoints = connector && endpointsFor(connector, sandbox, this.deps.endpoints);
    if (!connector || !tokens || !endpoints) return undefined;
    let current: TokenSet = tokens;
    const fetcher = this.deps.fetch ?? fetch;
    return createProviderHttp({
      baseUrl: endpoints.apiBaseUrl,
      providerName: endpoints.name,
      tokens: () => current,
      refresh: async () => {
        current = await refreshTokens(connector.manifest, endpoints, current, this.deps.now(), fetcher);
        await this.deps.connections.update(row.id, {
          tokens: this.deps.vault.seal(current),
          updated_at: this.deps.now(),
        });
        return current;
      },
      signal: AbortSignal.timeout(timeoutMs),
      now: this.deps.now,
      fetch: fetcher,
    });
  }

  /** The app's client id for a connection's provider (the sandbox's for a sandbox connection). */
  clientId(kind: string, sandbox: boolean): string | undefined {
    const connector = getConnector(kind);
    return (connector && endpointsFor(connector, sandbox, this.deps.endpoints)?.clientId) || undefined;
  }

  /** The app's client secrets a signed push may be made with: the real app's, then the sandbox's. */
  clientSecrets(kind: string): { secret: string; sandbox: boolean }[] {
    const connector = getConnector(kind);
    if (!connector) return [];
    return [false, true].flatMap((sandbox) => {
      if (sandbox && !this.deps.sandboxProviders) return [];
      const secret = endpointsFor(connector, sandbox, this.deps.endpoints)?.clientSecret;
      return secret ? [{ secret, sandbox }] : [];
    });
  }

  /** Resolves when no subscription change is under way and no push waits for a run to end. */
  async idle(): Promise<void> {
    while (this.pending.size > 0 || this.heldWhileRunning.size > 0 || this.heldBusy) {
      if (this.pending.size > 0) await Promise.all(this.pending);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private call(kind: string, sandbox: boolean): SubscriptionCall | undefined {
    const connector = getConnector(kind);
    if (!connector || (sandbox && !this.deps.sandboxProviders)) return undefined;
    const endpoints = endpointsFor(connector, sandbox, this.deps.endpoints);
    const verifyToken = this.verifyToken(kind, sandbox);
    if (!endpoints || !verifyToken) return undefined;
    return {
      endpoints,
      callbackUrl: this.callbackUrl(kind),
      verifyToken,
      sandbox,
      fetch: this.deps.fetch ?? fetch,
    };
  }

  private background(work: () => Promise<void>, after?: () => void): void {
    const run = work()
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'a provider webhook subscription could not be changed'),
      )
      .finally(() => {
        this.pending.delete(run);
        after?.();
      });
    this.pending.add(run);
  }
}
