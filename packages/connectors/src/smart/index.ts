import type { Connector, ConnectorManifest } from '../types';
import { sync } from './client';
import { cernerManifest, ehrManifest, epicManifest, vaManifest } from './manifest';
import { deletedFor, normalizeFor, recordsFor } from './normalize';

/** One SMART on FHIR connector per kind: the same client and mapping, each kind's own endpoints. */
export function smartConnector(manifest: ConnectorManifest) {
  return {
    manifest,
    sync,
    normalize: normalizeFor(manifest.kind),
    records: recordsFor(manifest.kind),
    deleted: deletedFor(manifest.kind),
  } satisfies Connector;
}

export const epic = smartConnector(epicManifest);
export const cerner = smartConnector(cernerManifest);
export const ehr = smartConnector(ehrManifest);
export const va = smartConnector(vaManifest);

export { SEARCHES, PAGE_SIZE } from './client';
export { resourcesOf } from './normalize';
export { BUILT_IN_ENDPOINTS, endpointDirectory, parseEndpointFile, type SmartEndpoint } from './directory';
