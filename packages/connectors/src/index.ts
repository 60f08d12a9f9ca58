export * from './types';
export { ProviderError, RateLimited, ReauthRequired } from './errors';
export { connectors, getConnector } from './registry';
export { oura } from './oura';
export { strava } from './strava';
export { whoop } from './whoop';
export { dexcom } from './dexcom';
export {
  garmin,
  isResource as isGarminResource,
  pullResource as garminPullResource,
  targetedCursor as garminTargetedCursor,
  type GarminTarget,
} from './garmin';
export { fitbit } from './fitbit';
export { peloton } from './peloton';
export { eightSleep } from './eight-sleep';
export { withings } from './withings';
export { reportBuilder } from './report-builder';
export { cerner, ehr, endpointDirectory, epic, parseEndpointFile, va, type SmartEndpoint } from './smart';
export { medicare } from './medicare';
export { freestyleLibre } from './freestyle-libre';
export { SANDBOX_FEED_KEY } from './report-builder/manifest';
