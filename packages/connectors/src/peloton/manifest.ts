import type { ConnectorManifest } from '../types';

/**
 * Peloton's members API (https://api.onepeloton.com), unofficial: no developer programme, no OAuth for
 * third parties. The person signs in with their Peloton email (or username) and password once; the
 * session cookie is what we keep.
 */
export const manifest: ConnectorManifest = {
  kind: 'peloton',
  apiBaseUrl: 'https://api.onepeloton.com',
  // Peloton keeps a member's whole workout history; the page walk reaches back as far as asked.
  backfillDays: 3650,
  defaultDays: 365,
  syncEveryMinutes: 180,
  rateLimit: 'Not published (unofficial API); one request at a time, 429 with Retry-After is honoured',
  // Nothing to register: there is no developer app. The person's own account is all it takes.
  registerAppUrl: 'https://members.onepeloton.com/',
  docsUrl: 'https://app.swaggerhub.com/apis/DovOps/peloton-unofficial-api/0.2.3',
};
