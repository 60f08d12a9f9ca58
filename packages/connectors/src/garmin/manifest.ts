import type { ConnectorManifest } from '../types';

/**
 * Garmin Connect Developer Program, Health API (https://developer.garmin.com/gc-developer-program/health-api/):
 * OAuth 2.0 with PKCE, then the wellness-api pull endpoints read in 24-hour upload-time windows.
 *
 * `authorizeBaseUrl` is where Garmin's consent page lives (connect.garmin.com), apart from the token
 * endpoint (diauth.garmin.com). The framework does not read it yet: see README "Framework".
 */
export const manifest: ConnectorManifest = {
  kind: 'garmin',
  apiBaseUrl: 'https://apis.garmin.com',
  authBaseUrl: 'https://diauth.garmin.com',
  authorizeBaseUrl: 'https://connect.garmin.com',
  oauth: {
    authorizePath: '/oauth2Confirm',
    tokenPath: '/di-oauth2-service/oauth/token',
    // Garmin has no token revocation: a disconnect removes the user's registration with the app instead.
    revokePath: '/wellness-api/rest/user/registration',
    revokeStyle: 'bearer',
    // The permissions (HEALTH_EXPORT, ACTIVITY_EXPORT) are set on the app and chosen on the consent page.
    scopes: [],
    pkce: true,
    clientAuth: 'body',
  },
  backfillDays: 365,
  // Pulls reach only what was uploaded since the person consented; history comes through Garmin's
  // backfill, which pushes (README). A first sync of 30 days is 120 calls; `sync?days=365` reads the year.
  defaultDays: 30,
  syncEveryMinutes: 60,
  // Pulls filter by upload time and a revised summary is uploaded again: a day of overlap covers uploads
  // Garmin makes visible late.
  revisedDays: 1,
  rateLimit:
    'Not published (partner agreement); evaluation keys are throttled harder than production keys. 429 "Rate limit quota violation".',
  registerAppUrl: 'https://developer.garmin.com/gc-developer-program/overview/',
  docsUrl: 'https://developer.garmin.com/gc-developer-program/health-api/',
};
