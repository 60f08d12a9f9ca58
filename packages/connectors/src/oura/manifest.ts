import type { ConnectorManifest } from '../types';

/** Oura API v2 (https://cloud.ouraring.com/v2/docs). */
export const manifest: ConnectorManifest = {
  kind: 'oura',
  apiBaseUrl: 'https://api.ouraring.com',
  authBaseUrl: 'https://api.ouraring.com',
  authorizeBaseUrl: 'https://cloud.ouraring.com',
  oauth: {
    authorizePath: '/oauth/authorize',
    tokenPath: '/oauth/token',
    revokePath: '/oauth/revoke',
    scopes: ['personal', 'daily', 'heartrate', 'spo2Daily', 'workout'],
    pkce: false,
    clientAuth: 'body',
  },
  backfillDays: 2 * 365,
  defaultDays: 365,
  syncEveryMinutes: 60,
  rateLimit: '5 000 requests a day, 300 a minute',
  registerAppUrl: 'https://cloud.ouraring.com/oauth/applications',
  docsUrl: 'https://cloud.ouraring.com/v2/docs',
};
