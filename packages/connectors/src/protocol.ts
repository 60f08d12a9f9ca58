/**
 * What the sandbox's fake providers (packages/sandbox) answer by: each provider's manifest (OAuth paths,
 * scopes) and the protocol facts its client reads by (windows, page sizes, paths, ids), so a fake and the
 * client it stands in for cannot drift apart. Not for the app, which uses the connectors (`.`).
 */
export { manifest as dexcomManifest } from './dexcom/manifest';
export { parseSystemTime as parseDexcomSystemTime, WINDOW_MS as DEXCOM_WINDOW_MS } from './dexcom/client';
export { manifest as fitbitManifest } from './fitbit/manifest';
export { accountIdOf as libreAccountIdOf } from './freestyle-libre/client';
export { manifest as garminManifest } from './garmin/manifest';
export {
  RESOURCES as GARMIN_RESOURCES,
  WINDOW_SECONDS as GARMIN_WINDOW_SECONDS,
  type GarminResource,
} from './garmin/client';
export { manifest as medicareManifest } from './medicare/manifest';
export { EOB_PAGE_SIZE as MEDICARE_EOB_PAGE_SIZE, FHIR_BASE as MEDICARE_FHIR_BASE } from './medicare/client';
export { manifest as ouraManifest } from './oura/manifest';
export { manifest as stravaManifest } from './strava/manifest';
export { manifest as whoopManifest } from './whoop/manifest';
export { manifest as withingsManifest } from './withings/manifest';
export { MEAS_TYPES as WITHINGS_MEAS_TYPES } from './withings/client';
