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
  /** The feed answers FHIR Bundles (searchset paging by `next` links) or our own JSON (see the README). */
  docsUrl: 'https://hl7.org/fhir/R4/bundle.html',
};

/**
 * The key the sandbox feed (packages/sandbox) accepts, which the server's sandbox connection sends; a test's
 * fake also accepts its `clientSecret` when given.
 */
export const SANDBOX_FEED_KEY = 'sandbox-feed-key';
