import type { ConnectorManifest } from '../types';

/**
 * Withings Public Health Data API (https://developer.withings.com/api-reference/). Consent happens at
 * account.withings.com; the token endpoint is `POST https://wbsapi.withings.net/v2/oauth2` with
 * `action=requesttoken`, answered inside Withings' `{ status, body }` envelope.
 *
 * A framework limit (see README): the manifest has one base for both OAuth endpoints, so outside the
 * sandbox the token request goes to account.withings.com instead of wbsapi.withings.net.
 */
export const manifest: ConnectorManifest = {
  kind: 'withings',
  apiBaseUrl: 'https://wbsapi.withings.net',
  authBaseUrl: 'https://wbsapi.withings.net',
  authorizeBaseUrl: 'https://account.withings.com',
  oauth: {
    authorizePath: '/oauth2_user/authorize2',
    tokenPath: '/v2/oauth2',
    tokenParams: { action: 'requesttoken' },
    // No revocation in the public API: the person unlinks the app in their Withings account.
    scopes: ['user.info', 'user.metrics', 'user.activity'],
    scopeSeparator: ',',
    pkce: false,
    clientAuth: 'body',
  },
  // Withings keeps a person's whole history.
  backfillDays: 10 * 365,
  defaultDays: 365,
  syncEveryMinutes: 60,
  rateLimit: '120 requests a minute per app',
  registerAppUrl: 'https://developer.withings.com/dashboard/',
  docsUrl: 'https://developer.withings.com/api-reference/',
};
