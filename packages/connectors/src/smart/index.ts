import type { Connector, ConnectorManifest } from '../types';
import { sync } from './client';
import { createSmartFake } from './fake';
import { cernerManifest, ehrManifest, epicManifest, vaManifest } from './manifest';
import { deletedFor, normalizeFor, recordsFor } from './normalize';

/** One SMART on FHIR connector per kind: the same client and mapping, each kind's own endpoints. */
export function smartConnector(manifest: ConnectorManifest, providerName: string) {
  return {
    manifest,
    sync,
    normalize: normalizeFor(manifest.kind),
    records: recordsFor(manifest.kind),
    deleted: deletedFor(manifest.kind),
    fake: createSmartFake({ providerName, oauth: manifest.oauth! }),
  } satisfies Connector;
}

export const epic = smartConnector(epicManifest, 'Epic MyChart');
export const cerner = smartConnector(cernerManifest, 'Oracle Health');
export const ehr = smartConnector(ehrManifest, 'Healthfolio sandbox EHR');
export const va = smartConnector(vaManifest, 'VA Lighthouse');

export { createSmartFake, type SmartFakeSettings } from './fake';
export { recordOf, SYNTHETIC_PATIENTS, type SyntheticPatient } from './patients';
export { SEARCHES, PAGE_SIZE } from './client';
export { resourcesOf } from './normalize';
export { BUILT_IN_ENDPOINTS, endpointDirectory, parseEndpointFile, type SmartEndpoint } from './directory';
