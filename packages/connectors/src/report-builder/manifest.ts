import type { ConnectorManifest } from '../types';

/**
 * A feed the person configures (`POST /api/integrations/report-builder` with `url` and `apiKey`): no
 * provider, no app registration. The API base is the feed's own URL, kept on the connection.
 */
export const manifest: ConnectorManifest = {
  kind: 'report_builder',
  apiBaseUrl: 'https://feed.invalid',
  backfillDays: 10 * 365,
  defaultDays: 10 * 365,
  syncEveryMinutes: 6 * 60,
  rateLimit: 'Whatever the feed allows; it is pulled every 6 hours and on "Sync now"',
  registerAppUrl: '',
  docsUrl: 'https://github.com/healthfolio/healthfolio/tree/main/packages/connectors/src/report-builder',
};
