import type { ConnectResult, DataSource, Integration, SyncStats, SyncStatus } from '@healthfolio/core';
import { apiGet, apiPost } from '../../lib/api';

const path = (kind: string, rest = '') => `/data-sources/${encodeURIComponent(kind)}${rest}`;

/** `GET /api/data-sources`: every source kind with the user's connection state. */
export const fetchSources = (signal?: AbortSignal) =>
  apiGet<{ items: DataSource[]; operator?: boolean }>('/data-sources', { signal });

/** `GET /api/integrations`: each connector's set-up on this server, for the operator wizard. */
export const fetchIntegrations = (signal?: AbortSignal) =>
  apiGet<{ items: Integration[] }>('/integrations', { signal }).then((d) => d.items);

/** What connecting sends: nothing for OAuth (the answer carries the consent URL), a sign-in for passwords. */
export interface ConnectInput {
  sandbox?: boolean;
  username?: string;
  password?: string;
  /** `ehr`: the SMART endpoint's id from the directory. */
  endpoint?: string;
  /** Generic kinds: the person's name for the source. */
  name?: string;
  /** Report builder: the feed's URL and key. */
  url?: string;
  apiKey?: string;
}

/** `POST /api/data-sources/:id/connect`. */
export const connectSource = (kind: string, input: ConnectInput = {}) =>
  apiPost<ConnectResult>(path(kind, '/connect'), input);

export interface DisconnectResult {
  source: DataSource;
  deletedSamples: number;
  revoked: boolean;
}

/** `POST /api/data-sources/:id/disconnect`: keeps this source's data unless `deleteData`. */
export const disconnectSource = (kind: string, deleteData: boolean) =>
  apiPost<DisconnectResult>(path(kind, '/disconnect'), { deleteData });

/** `POST /api/data-sources/:id/sync`: queues a sync (202) of what changed since the last one. */
export const syncSource = (kind: string) => apiPost<SyncStatus>(path(kind, '/sync'));

/** `GET /api/data-sources/:id/sync-status`. */
export const fetchSyncStatus = (kind: string, signal?: AbortSignal) =>
  apiGet<SyncStatus>(path(kind, '/sync-status'), { signal });

/** `GET /api/data-sources/:id/sync-stats`. */
export const fetchSyncStats = (kind: string, signal?: AbortSignal) =>
  apiGet<SyncStats>(path(kind, '/sync-stats'), { signal });

/** The operator's check of the client id and secret with the provider (no person involved). */
export const selfTestSource = (kind: string) =>
  apiPost<{ ok: boolean; message: string }>(`/integrations/${encodeURIComponent(kind)}/self-test`);
