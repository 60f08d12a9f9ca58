import type { ConnectRequest } from '@healthfolio/core';
import { api } from '../../lib/api';

/** `GET /api/data-sources`: every source kind with the user's connection state. */
export const fetchSources = (signal?: AbortSignal) => api.get('/api/data-sources', { signal });

/** `GET /api/integrations`: each connector's set-up on this server, for the operator wizard. */
export const fetchIntegrations = (signal?: AbortSignal) =>
  api.get('/api/integrations', { signal }).then((d) => d.items);

/**
 * What connecting sends: nothing for OAuth (the answer carries the consent URL), a sign-in for passwords,
 * `endpoint` (the SMART endpoint's id) for `ehr`, `name` for generic kinds, `url` and `apiKey` for a feed.
 */
export type ConnectInput = ConnectRequest;

/** `POST /api/data-sources/:id/connect`. */
export const connectSource = (kind: string, input: ConnectInput = {}) =>
  api.post('/api/data-sources/:id/connect', { params: { id: kind }, body: input });

/** What disconnecting did: the source after, and what went with it. */
export type { DisconnectResult } from '@healthfolio/core';

/** `POST /api/data-sources/:id/disconnect`: keeps this source's data unless `deleteData`. */
export const disconnectSource = (kind: string, deleteData: boolean) =>
  api.post('/api/data-sources/:id/disconnect', { params: { id: kind }, body: { deleteData } });

/** `POST /api/data-sources/:id/sync`: queues a sync (202) of what changed since the last one. */
export const syncSource = (kind: string) => api.post('/api/data-sources/:id/sync', { params: { id: kind } });

/** `GET /api/data-sources/:id/sync-status`. */
export const fetchSyncStatus = (kind: string, signal?: AbortSignal) =>
  api.get('/api/data-sources/:id/sync-status', { params: { id: kind }, signal });

/** `GET /api/data-sources/:id/sync-stats`. */
export const fetchSyncStats = (kind: string, signal?: AbortSignal) =>
  api.get('/api/data-sources/:id/sync-stats', { params: { id: kind }, signal });

/** The operator's check of the client id and secret with the provider (no person involved). */
export const selfTestSource = (kind: string) =>
  api.post('/api/integrations/:source/self-test', { params: { source: kind } });
