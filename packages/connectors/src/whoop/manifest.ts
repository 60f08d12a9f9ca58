import type { ConnectorManifest } from '../types';

/** WHOOP API v2 (https://developer.whoop.com/api). */
export const manifest: ConnectorManifest = {
  kind: 'whoop',
  apiBaseUrl: 'https://api.prod.whoop.com/developer',
  authBaseUrl: 'https://api.prod.whoop.com',
  oauth: {
    authorizePath: '/oauth/oauth2/auth',
    tokenPath: '/oauth/oauth2/token',
    // WHOOP revokes with `DELETE /v2/user/access` and the access token, which the framework's
    // form-POST revocation cannot send: disconnecting forgets the tokens here only.
    scopes: [
      'offline',
      'read:recovery',
      'read:cycles',
      'read:sleep',
      'read:workout',
      'read:profile',
      'read:body_measurement',
    ],
    pkce: false,
    clientAuth: 'body',
    // WHOOP's refresh example sends `scope=offline` so the answer carries a new refresh token.
    tokenParams: { scope: 'offline' },
  },
  backfillDays: 3 * 365,
  defaultDays: 365,
  syncEveryMinutes: 60,
  rateLimit: '100 requests a minute and 10 000 a day per app',
  registerAppUrl: 'https://developer-dashboard.whoop.com',
  docsUrl: 'https://developer.whoop.com/api',
};
