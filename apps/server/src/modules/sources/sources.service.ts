import { getConnector } from '@healthfolio/connectors';
import { getSource, type ConnectRequest, type ConnectResult, type SyncStatus } from '@healthfolio/core';
import { AppError, notFound } from '../../http/errors';
import type { SourceCatalogue } from './catalogue';
import type { ConnectMethods } from './connect-methods';
import type { ConnectService } from './connect.service';
import type { DisconnectService } from './disconnect.service';
import type { SyncRunner } from './sync/sync-runner';
import type { SyncStateRepository } from './sync/sync-state.repository';

const DAY_MS = 86_400_000;

export interface SourcesDeps {
  catalogue: SourceCatalogue;
  connecting: ConnectService;
  disconnecting: DisconnectService;
  /** How the kinds that connect neither by OAuth nor by sign-in connect (assembled in app.ts). */
  methods: ConnectMethods;
  syncState: SyncStateRepository;
  runner: SyncRunner;
  now: () => number;
}

/**
 * The Data Sources API the routes call: the catalogue with the person's connections (SourceCatalogue),
 * connecting by the kind's method, OAuth or sign-in (ConnectService), queueing a sync, and disconnecting
 * (DisconnectService).
 */
export class SourcesService {
  readonly list;
  readonly get;
  readonly isOperator;
  readonly integrations;
  readonly selfTest;
  readonly status;
  readonly stats;
  readonly authorize;
  readonly complete;
  readonly setLastSync;
  readonly disconnect;
  readonly revokeAll;

  constructor(private readonly deps: SourcesDeps) {
    const { catalogue, connecting, disconnecting } = deps;
    this.list = catalogue.list.bind(catalogue);
    this.get = catalogue.get.bind(catalogue);
    this.isOperator = catalogue.isOperator.bind(catalogue);
    this.integrations = catalogue.integrations.bind(catalogue);
    this.selfTest = catalogue.selfTest.bind(catalogue);
    this.status = catalogue.status.bind(catalogue);
    this.stats = catalogue.stats.bind(catalogue);
    this.authorize = connecting.authorize.bind(connecting);
    this.complete = connecting.complete.bind(connecting);
    this.setLastSync = connecting.setLastSync.bind(connecting);
    this.disconnect = disconnecting.disconnect.bind(disconnecting);
    this.revokeAll = disconnecting.revokeAll.bind(disconnecting);
  }

  /** `connect`: with a code, completes; for OAuth without one, answers the consent URL; others are marked in use. */
  async connect(userId: string, kind: string, input: ConnectRequest): Promise<ConnectResult> {
    const source = getSource(kind);
    if (!source) throw notFound('Source');
    const { connecting } = this.deps;
    const method = this.deps.methods.get(kind);
    if (method && !input.code) return method.connect(userId, input);
    if (input.code) {
      // Without `state` (SPEC's `connect: code`), the code completes this user's one open attempt at
      // this kind, still single use and bound to them; with several open, the state must say which.
      return {
        authorizationUrl: null,
        source: await connecting.complete(userId, { code: input.code, state: input.state }, kind),
      };
    }
    const connector = getConnector(kind);
    if (connector?.login) {
      return { authorizationUrl: null, source: await connecting.login(userId, connector, input) };
    }
    if (connector) {
      return {
        authorizationUrl: await connecting.authorize(userId, kind, input.sandbox),
        source: await connecting.get(userId, kind),
      };
    }
    return { authorizationUrl: null, source: await connecting.markInUse(userId, kind) };
  }

  /** Queues a sync: incremental, or `days` back. */
  async sync(userId: string, kind: string, days?: number): Promise<SyncStatus> {
    const row = await this.deps.catalogue.connection(userId, kind);
    if (!getConnector(kind) || !row.tokens || row.status === 'disconnected') {
      throw new AppError('conflict', `${getSource(kind)?.name ?? kind} is not connected`);
    }
    if (row.sync_state === 'idle') {
      const at = this.deps.now();
      const backfill = getConnector(kind)!.manifest.backfillDays;
      await this.deps.syncState.update(row.id, {
        sync_state: 'queued',
        sync_from: days ? at - Math.min(days, backfill) * DAY_MS : null,
        sync_to: null,
        cursor: null,
      });
      this.deps.runner.enqueue(row.id);
    }
    return this.deps.catalogue.status(userId, kind);
  }
}
