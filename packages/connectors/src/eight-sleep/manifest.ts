import type { ConnectorManifest } from '../types';

/**
 * Eight Sleep's app API, unofficial: the client API at https://client-api.8slp.net/v1 and the token
 * endpoint at https://auth-api.8slp.net/v1/tokens (an OAuth 2.0 password grant made with the Eight
 * Sleep app's own client). No developer programme, no third-party OAuth: the person signs in with
 * their Eight Sleep email and password once.
 */
export const manifest: ConnectorManifest = {
  kind: 'eight_sleep',
  apiBaseUrl: 'https://client-api.8slp.net',
  authBaseUrl: 'https://auth-api.8slp.net',
  // The session list pages back through the whole history with its `next` cursor.
  needsClient: true,
  backfillDays: 3650,
  defaultDays: 365,
  syncEveryMinutes: 360,
  rateLimit: 'Not published (unofficial API); 429 on bursts, honoured with Retry-After or a 60 s wait',
  // Nothing to register: the token endpoint only accepts the Eight Sleep app's client (see the README).
  registerAppUrl: 'https://www.eightsleep.com/',
  docsUrl: 'https://github.com/lukas-clarke/pyEight',
};
