// The sources module's door: the connect methods other modules offer (ConnectMethod), connections
// (connections/) with their sealed tokens (TokenVault) and sync state (sync/), the providers' OAuth
// endpoints and HTTP client, the SyncRunner's type, and the replay of kept raw pages (`sources:replay`).
export type { ConnectMethod, ConnectMethodEntry, Connecting } from './connect-methods';
export type { ConnectionRow, ConnectionsRepository } from './connections/connections.repository';
export { endpointsFor, type EndpointContext } from './endpoints';
export { refreshTokens, type ProviderEndpoints } from './oauth';
export { createProviderHttp } from './provider-http';
export { replaySource } from './replay';
export type { SourcesService } from './sources.service';
export type { SyncRunEvents, SyncRunner } from './sync/sync-runner';
export type { SyncedConnection, SyncStateRepository } from './sync/sync-state.repository';
export { localMidnight } from './sync/sync-window';
export { TokenVault } from './token-vault';
