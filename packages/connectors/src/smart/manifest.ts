import type { SourceKind } from '@healthfolio/core';
import type { ConnectorManifest, OAuthSettings } from '../types';

/** The kinds served by the one SMART on FHIR connector. */
export type SmartKind = Extract<SourceKind, 'epic' | 'cerner' | 'ehr' | 'va'>;

/** Clinical records go back decades: the first sync reads everything the server has for the patient. */
export const FULL_READ_DAYS = 100 * 365;

/** SMART App Launch v1 scopes (`patient/*.read`), for servers that predate v2. */
export const SMART_V1_SCOPES = [
  'launch/patient',
  'openid',
  'fhirUser',
  'offline_access',
  'patient/*.read',
] as const;
/** SMART App Launch v2 scopes (`.rs`: read and search). */
export const SMART_V2_SCOPES = [
  'launch/patient',
  'openid',
  'fhirUser',
  'offline_access',
  'patient/*.rs',
] as const;

const smartOAuth = (settings: Partial<OAuthSettings> & Pick<OAuthSettings, 'scopes'>): OAuthSettings => ({
  authorizePath: '/authorize',
  tokenPath: '/token',
  pkce: true,
  clientAuth: 'none',
  discovery: 'smart',
  audience: true,
  ...settings,
});

const base = {
  backfillDays: FULL_READ_DAYS,
  defaultDays: FULL_READ_DAYS,
  syncEveryMinutes: 24 * 60,
};

/**
 * Epic on FHIR (https://fhir.epic.com/Documentation?docId=oauth2): patient-facing apps are public
 * clients (PKCE, no secret) registered once at fhir.epic.com and usable at every Epic organisation.
 * The base below is Epic's public sandbox; each organisation's own base is set with `EPIC_BASE_URL`.
 */
export const epicManifest: ConnectorManifest = {
  kind: 'epic',
  apiBaseUrl: 'https://fhir.epic.com/interconnect-fhir-oauth/api/FHIR/R4',
  authBaseUrl: 'https://fhir.epic.com/interconnect-fhir-oauth',
  oauth: smartOAuth({
    authorizePath: '/oauth2/authorize',
    tokenPath: '/oauth2/token',
    scopes: SMART_V1_SCOPES,
  }),
  ...base,
  rateLimit: 'Not published; each organisation may throttle, 429 answered with Retry-After',
  registerAppUrl: 'https://fhir.epic.com/Developer/Apps',
  docsUrl: 'https://fhir.epic.com/Documentation?docId=oauth2',
};

/** Oracle Health's public sandbox tenant (Millennium); a health system's own tenant id replaces it. */
const CERNER_TENANT = 'ec2458f2-1e24-41c8-b71b-0e701af7583d';

/**
 * Oracle Health (Cerner) Millennium, patient-access persona (https://docs.oracle.com/en/industries/health/
 * millennium-platform-apis/): SMART v1 and v2, public clients with PKCE. The authorization server is
 * per tenant at authorization.cerner.com and published by the tenant's smart-configuration.
 */
export const cernerManifest: ConnectorManifest = {
  kind: 'cerner',
  apiBaseUrl: `https://fhir-myrecord.cerner.com/r4/${CERNER_TENANT}`,
  authBaseUrl: `https://authorization.cerner.com/tenants/${CERNER_TENANT}`,
  oauth: smartOAuth({
    authorizePath: '/protocols/oauth2/profiles/smart-v1/personas/patient/authorize',
    tokenPath: '/hosts/fhir-myrecord.cerner.com/protocols/oauth2/profiles/smart-v1/token',
    scopes: SMART_V2_SCOPES,
  }),
  ...base,
  rateLimit: 'Not published; 429 answered with Retry-After',
  registerAppUrl: 'https://code-console.cerner.com/',
  docsUrl: 'https://docs.oracle.com/en/industries/health/millennium-platform-apis/mfrap/r4_overview.html',
};

/**
 * Any SMART on FHIR endpoint the person picks from the server's directory (`directory.ts`); each
 * connection keeps its own base (`settings.baseUrl`) and discovers its own auth server. One public
 * client id (`EHR_CLIENT_ID`) registered at the listed endpoints; v2 servers accept v1 scopes.
 */
export const ehrManifest: ConnectorManifest = {
  kind: 'ehr',
  apiBaseUrl: 'https://launch.smarthealthit.org/v/r4/fhir',
  oauth: smartOAuth({ scopes: SMART_V1_SCOPES }),
  ...base,
  rateLimit: 'Depends on the endpoint',
  registerAppUrl: 'https://docs.smarthealthit.org/',
  docsUrl: 'https://hl7.org/fhir/smart-app-launch/',
};

/**
 * VA Lighthouse Patient Health API (FHIR R4, https://developer.va.gov/explore/api/patient-health): the
 * authorization server at /oauth2/health/v1 (authorization, token, revoke), confidential clients with
 * HTTP Basic client auth plus PKCE. Production: https://api.va.gov/services/fhir/v0/r4 (`VA_BASE_URL`).
 */
export const vaManifest: ConnectorManifest = {
  kind: 'va',
  apiBaseUrl: 'https://sandbox-api.va.gov/services/fhir/v0/r4',
  authBaseUrl: 'https://sandbox-api.va.gov/oauth2/health/v1',
  oauth: smartOAuth({
    authorizePath: '/authorization',
    tokenPath: '/token',
    revokePath: '/revoke',
    clientAuth: 'basic',
    scopes: SMART_V1_SCOPES,
  }),
  ...base,
  rateLimit: '60 requests a minute per app (Lighthouse default); 429 with Retry-After',
  registerAppUrl: 'https://developer.va.gov/explore/api/patient-health/sandbox-access',
  docsUrl: 'https://developer.va.gov/explore/api/patient-health/docs',
};
