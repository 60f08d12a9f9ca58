import type { TokenSet } from '@healthfolio/connectors';
import type { ConnectRequest, ConnectResult, DataSource, SyncStatus } from '@healthfolio/core';
import type { ConnectionSettings } from './endpoints';

/**
 * How one source kind connects when that is not OAuth or a password sign-in: an ingest URL (Apple Health),
 * a feed (report builder), a SMART endpoint chosen from a list, or instructions for an export. The module
 * that offers a method makes it; app.ts assembles them into `ConnectMethods` for SourcesService.
 */
export interface ConnectMethod {
  connect(userId: string, input: ConnectRequest): Promise<ConnectResult>;
  /** Told after the connection is marked disconnected (revoke ingest tokens …). */
  disconnect?(userId: string): Promise<void>;
}

/** One kind's method, as a module offers it. */
export type ConnectMethodEntry = readonly [kind: string, method: ConnectMethod];

/**
 * What a connect method (and the ingest module) may do with connections: start an OAuth consent, save a
 * connection made its own way, read its settings and presentation. `ConnectService` is the one answer.
 */
export interface Connecting {
  readonly sandboxProviders: boolean;
  get(userId: string, kind: string): Promise<DataSource>;
  authorize(userId: string, kind: string, sandbox?: boolean, settings?: ConnectionSettings): Promise<string>;
  saveConnection(
    userId: string,
    kind: string,
    options?: { tokens?: TokenSet; settings?: ConnectionSettings; sandbox?: boolean },
  ): Promise<DataSource>;
  settingsOf(userId: string, kind: string): Promise<ConnectionSettings>;
  setLastSync(userId: string, kind: string, lastSync: string): Promise<SyncStatus>;
}

/** The registry of connect methods by kind; a kind offered twice is a wiring mistake and stops start-up. */
export class ConnectMethods {
  private readonly byKind = new Map<string, ConnectMethod>();

  constructor(...offers: Iterable<ConnectMethodEntry>[]) {
    for (const offer of offers) {
      for (const [kind, method] of offer) {
        if (this.byKind.has(kind)) throw new Error(`Two connect methods offered for ${kind}`);
        this.byKind.set(kind, method);
      }
    }
  }

  get(kind: string): ConnectMethod | undefined {
    return this.byKind.get(kind);
  }
}
