import type { ConnectorManifest } from '../types';

/**
 * Dexcom API v3 (https://developer.dexcom.com/docs/dexcomv3/endpoint-overview). Dexcom's own sandbox,
 * with its sandbox users, is at https://sandbox-api.dexcom.com (`DEXCOM_BASE_URL`); EU and Japan accounts
 * live at api.dexcom.eu and api.dexcom.jp.
 */
export const manifest: ConnectorManifest = {
  kind: 'dexcom',
  apiBaseUrl: 'https://api.dexcom.com',
  oauth: {
    authorizePath: '/v2/oauth2/login',
    tokenPath: '/v2/oauth2/token',
    // No revocation endpoint: the person removes the app under "Authorized apps" in their Dexcom account.
    scopes: ['offline_access'],
    pkce: false,
    clientAuth: 'body',
  },
  // Dexcom names no limit; /dataRange tells where a person's readings start.
  backfillDays: 2 * 365,
  defaultDays: 365,
  syncEveryMinutes: 60,
  rateLimit: '60 000 calls an hour per app',
  registerAppUrl: 'https://developer.dexcom.com/',
  docsUrl: 'https://developer.dexcom.com/docs/dexcomv3/endpoint-overview',
};
