import type { ConnectorManifest } from '../types';

/**
 * CMS Blue Button 2.0 (https://bluebutton.cms.gov/api-documentation/): OAuth 2.0 with PKCE (S256) for a
 * confidential client, one-hour access tokens, FHIR R4 (CARIN Blue Button profiles) under `/v2/fhir`. The
 * sandbox, with its synthetic beneficiaries, is https://sandbox.bluebutton.cms.gov (`MEDICARE_BASE_URL`).
 */
export const manifest: ConnectorManifest = {
  kind: 'medicare',
  apiBaseUrl: 'https://api.bluebutton.cms.gov',
  oauth: {
    authorizePath: '/v2/o/authorize/',
    tokenPath: '/v2/o/token/',
    revokePath: '/v2/o/revoke_token/',
    scopes: ['patient/Patient.read', 'patient/Coverage.read', 'patient/ExplanationOfBenefit.read', 'profile'],
    pkce: true,
    // Blue Button's examples authenticate the client with HTTP Basic (`curl -u id:secret`).
    clientAuth: 'basic',
  },
  // Claims reach back to 2014 in production; the first sync takes all of them.
  backfillDays: 15 * 365,
  defaultDays: 15 * 365,
  // CMS loads new claims weekly; a daily look is plenty.
  syncEveryMinutes: 24 * 60,
  rateLimit: 'No published limit; EOB pages of at most 50 (`_count`), poll with `_lastUpdated`',
  registerAppUrl: 'https://sandbox.bluebutton.cms.gov/v2/accounts/create',
  docsUrl: 'https://bluebutton.cms.gov/api-documentation/',
};
