import type { ConnectorManifest } from '../types';

const SCOPE = 'https://www.googleapis.com/auth/googlehealth';

/**
 * Fitbit through the Google Health API (https://developers.google.com/health), the Fitbit Web API's
 * successor: Google OAuth 2.0 with PKCE, then `users/me/dataTypes/{type}/dataPoints` read with `pageToken`.
 *
 * `authorizeBaseUrl` is where Google's consent page lives (accounts.google.com), apart from the token and
 * revoke endpoints (oauth2.googleapis.com). The framework does not read it yet: see README "Framework".
 */
export const manifest: ConnectorManifest = {
  kind: 'fitbit',
  apiBaseUrl: 'https://health.googleapis.com',
  authBaseUrl: 'https://oauth2.googleapis.com',
  authorizeBaseUrl: 'https://accounts.google.com',
  oauth: {
    authorizePath: '/o/oauth2/v2/auth',
    tokenPath: '/token',
    revokePath: '/revoke',
    scopes: [
      `${SCOPE}.activity_and_fitness.readonly`,
      `${SCOPE}.health_metrics_and_measurements.readonly`,
      `${SCOPE}.sleep.readonly`,
    ],
    pkce: true,
    clientAuth: 'body',
    // A refresh token only comes with access_type=offline; prompt=consent asks again on a reconnect,
    // so Google sends a new one instead of none.
    authorizeParams: { access_type: 'offline', prompt: 'consent' },
  },
  backfillDays: 3650,
  defaultDays: 365,
  syncEveryMinutes: 60,
  rateLimit:
    '300 requests a minute per user; 120 000 a minute and 86.4 million a day per project; unverified apps: 100 users (429 Too Many Requests)',
  registerAppUrl: 'https://console.cloud.google.com/apis/library/health.googleapis.com',
  docsUrl: 'https://developers.google.com/health',
};
