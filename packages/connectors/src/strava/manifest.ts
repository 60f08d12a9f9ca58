import type { ConnectorManifest } from '../types';

/** Strava API v3 (https://developers.strava.com/docs/reference/). */
export const manifest: ConnectorManifest = {
  kind: 'strava',
  apiBaseUrl: 'https://www.strava.com/api/v3',
  authBaseUrl: 'https://www.strava.com',
  oauth: {
    authorizePath: '/oauth/authorize',
    tokenPath: '/oauth/token',
    revokePath: '/oauth/deauthorize',
    revokeStyle: 'access_token',
    // `activity:read_all` includes activities the athlete keeps to "Only you".
    scopes: ['read', 'activity:read_all'],
    scopeSeparator: ',',
    pkce: false,
    clientAuth: 'body',
    // Skips the consent page when the athlete already granted these scopes.
    authorizeParams: { approval_prompt: 'auto' },
  },
  // Strava keeps an athlete's whole history; five years is a few requests at 200 activities a page.
  backfillDays: 5 * 365,
  defaultDays: 365,
  // The limits are per app, not per athlete: poll every three hours so a few dozen athletes fit a day.
  syncEveryMinutes: 180,
  rateLimit: '100 read requests every 15 minutes and 1 000 a day per app (200 / 2 000 overall)',
  registerAppUrl: 'https://www.strava.com/settings/api',
  docsUrl: 'https://developers.strava.com/docs/reference/',
};
