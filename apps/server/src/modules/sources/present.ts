import { getConnector } from '@healthfolio/connectors';
import type { DataSource, SourceDefinition } from '@healthfolio/core';
import type { SyncedConnection } from './sync/sync-state.repository';
import { isConfigured, parseSettings, type EndpointContext } from './endpoints';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A catalogue row with the user's connection, as `GET /api/data-sources` answers it. */
export function presentSource(
  source: SourceDefinition,
  connection: SyncedConnection | undefined,
  context: EndpointContext & { sandboxProviders: boolean },
): DataSource {
  const connector = getConnector(source.kind);
  const syncing = connection?.sync_state === 'queued' || connection?.sync_state === 'running';
  const status = !connection
    ? 'disconnected'
    : syncing && connection.status !== 'disconnected'
      ? 'syncing'
      : (connection.status as DataSource['status']);
  return {
    id: source.kind,
    kind: source.kind,
    name: source.name,
    category: source.category,
    connectMethod: source.connectMethod,
    status,
    lastSync: iso(connection?.last_sync_at ?? null),
    sandbox: connection?.sandbox === 1 && connection.status !== 'disconnected',
    brings: source.brings,
    metrics: [...source.metrics],
    fileFallback: source.fileFallback,
    configured: connector ? isConfigured(connector, context) : source.connectMethod !== 'oauth',
    sandboxAvailable: !!connector && context.sandboxProviders,
    syncs: !!connector,
    lastError: connection?.status === 'disconnected' ? null : (connection?.last_error ?? null),
    customName: customName(connection),
  };
}

/** The name a person gave a generic source when connecting it (settings `name`). */
function customName(connection: SyncedConnection | undefined): string | null {
  const name = parseSettings(connection?.settings).name;
  return typeof name === 'string' && name.trim() ? name : null;
}
