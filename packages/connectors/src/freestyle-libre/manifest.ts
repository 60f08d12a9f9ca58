import type { ConnectorManifest } from '../types';

/**
 * LibreLinkUp, the follower app of FreeStyle Libre: no public API and no third-party OAuth. We speak what
 * the app speaks, as the community documents it (https://gist.github.com/khskekec/6c13ba01b10d3018d816706a32ae8ab2).
 * The global host answers a region redirect; the account then lives at `https://api-<region>.libreview.io`.
 */
export const manifest: ConnectorManifest = {
  kind: 'freestyle_libre',
  apiBaseUrl: 'https://api.libreview.io',
  // The graph holds the last 12 hours of 15-minute history, the logbook about two weeks of scans.
  backfillDays: 14,
  defaultDays: 14,
  // Hourly keeps every 15-minute reading of the 12-hour graph, well clear of LibreLinkUp's throttling.
  syncEveryMinutes: 60,
  rateLimit: 'Unpublished; LibreLinkUp answers 429 to clients that poll more than about once a minute',
  registerAppUrl: 'https://www.librelinkup.com/',
  docsUrl: 'https://gist.github.com/khskekec/6c13ba01b10d3018d816706a32ae8ab2',
};
