import type { ClinicalRecordInput, NewSample, SourceKind } from '@healthfolio/core';

/** How the provider's OAuth 2.0 authorization-code flow works. URLs are relative to `authBaseUrl`. */
export interface OAuthSettings {
  authorizePath: string;
  tokenPath: string;
  /** Where a token is revoked on disconnect, when the provider offers it. */
  revokePath?: string;
  /**
   * How the revocation is sent: `form` (default: `token=<refresh or access token>` plus the client, RFC 7009),
   * `access_token` (`access_token=<access token>`, Strava's deauthorize), or `bearer` (DELETE with the
   * access token, WHOOP's `/v2/user/access`).
   */
  revokeStyle?: 'form' | 'access_token' | 'bearer';
  scopes: readonly string[];
  /** Joined with a space unless the provider says otherwise (Strava uses a comma). */
  scopeSeparator?: string;
  /** PKCE (S256) when the provider supports it. */
  pkce: boolean;
  /** How the client authenticates at the token endpoint; `none`: a public client (id only, PKCE). */
  clientAuth: 'body' | 'basic' | 'none';
  /** Extra parameters of the authorize URL (Google: access_type=offline, prompt=consent). */
  authorizeParams?: Readonly<Record<string, string>>;
  /** Extra form fields of every token request (Withings: action=requesttoken). */
  tokenParams?: Readonly<Record<string, string>>;
  /**
   * `smart`: the authorize and token endpoints are read from `<FHIR base>/.well-known/smart-configuration`
   * (SMART App Launch 2.x) instead of `authorizePath` / `tokenPath`, which then serve only as fallbacks.
   */
  discovery?: 'smart';
  /** The authorize URL also carries `aud=<FHIR base>` (SMART requires it). */
  audience?: boolean;
}

/** Everything fixed about one provider's connector. */
export interface ConnectorManifest {
  kind: SourceKind;
  /** The provider's API base, overridable with `<KIND>_BASE_URL`. */
  apiBaseUrl: string;
  /** Where the token (and revoke) endpoints live, when not under the API base. */
  authBaseUrl?: string;
  /** Where the browser is sent to consent, when apart from the token endpoint (accounts.google.com). */
  authorizeBaseUrl?: string;
  oauth?: OAuthSettings;
  /** How far back the provider lets a first sync reach. */
  backfillDays: number;
  /** The first sync reaches this far back unless asked for more (`sync?days=`). */
  defaultDays: number;
  /** Every connected source re-syncs this often. */
  syncEveryMinutes: number;
  /**
   * How many whole local days before today the provider may still change what it answered (a day's
   * total as it grows, a night re-scored, a weigh-in edited): every scheduled sync reads again from the
   * person's local midnight this many days before the day of the last sync. Default 3: today, the two
   * days before it, and the night that ended two days ago, which began the evening before.
   */
  revisedDays?: number;
  /** Password sign-in providers whose sign-in still needs the operator's app client (Eight Sleep). */
  needsClient?: boolean;
  /** The provider's documented limit, for the operator and for pacing. */
  rateLimit: string;
  /** Where an operator registers an app with the provider. */
  registerAppUrl: string;
  /** The provider's API reference. */
  docsUrl: string;
}

/** Tokens as the provider issued them; stored encrypted, never answered by any endpoint. */
export interface TokenSet {
  accessToken: string;
  /** How the token is sent: `Authorization: Bearer` (default) or as a `Cookie` header (Peloton's session). */
  tokenType?: 'bearer' | 'cookie';
  refreshToken?: string;
  /** Epoch ms. */
  expiresAt?: number;
  scope?: string;
  /**
   * Provider extras worth keeping (Strava's athlete id, Withings' userid, the SMART `patient` in context,
   * LibreLinkUp's regional `apiBaseUrl` after its redirect, which then replaces the API base).
   */
  extra?: Record<string, string | number>;
}

export interface LoginContext {
  /** The provider's API base (or its sandbox). */
  baseUrl: string;
  fetch: typeof fetch;
  now: number;
  /** The operator's app client (`<KIND>_CLIENT_ID` / `_CLIENT_SECRET`), when the provider's sign-in needs one. */
  clientId?: string;
  clientSecret?: string;
  /** `<KIND>_AUTH_BASE_URL`, when set. */
  authBaseUrl?: string;
}

/** Reads from the provider's API, with auth, refresh on 401, waiting on 429 and a timeout. */
export interface ProviderHttp {
  /**
   * `headers`: what a provider wants besides the auth (LibreLinkUp's `product`, `version`, `Account-Id`);
   * they never replace the auth or `accept` headers.
   */
  get<T = unknown>(
    path: string,
    query?: Record<string, string | number | undefined>,
    headers?: Readonly<Record<string, string>>,
  ): Promise<T>;
  /** A form-encoded POST for APIs that read that way (Withings' `action=getmeas`); same auth and retries. */
  post<T = unknown>(path: string, form: Record<string, string | number | undefined>): Promise<T>;
}

export interface SyncContext {
  http: ProviderHttp;
  /** Epoch ms, inclusive start and exclusive end of what to fetch. */
  from: number;
  to: number;
  /** Where the previous run stopped (a connector's own string), or null for a fresh window. */
  cursor: string | null;
  /** The person's IANA zone, for providers that send local dates without offsets. */
  timeZone: string;
  signal: AbortSignal;
  /** What the provider said at sign-in that reads need (`patient` for SMART on FHIR; `userId`). */
  extra?: Readonly<Record<string, string | number>>;
  /** The connection's own settings (the SMART endpoint, a feed's URL), as saved when connecting. */
  settings?: Readonly<Record<string, unknown>>;
}

/**
 * One page the provider answered, kept raw so a mapping fix can be replayed over it later without
 * calling the provider again. `cursor` says where to resume after this page.
 */
export interface RawPage {
  /** Which endpoint it came from ("daily_sleep"); `normalize` maps by it. */
  resource: string;
  payload: unknown;
  cursor: string | null;
}

/** What one sync asks of the provider: `from`–`to` as `SyncContext` has them, in the person's zone. */
export interface SyncWindow {
  from: number;
  to: number;
  timeZone: string;
}

/**
 * Samples of `kinds` starting within [`from`, `to`) (epoch ms): a span that a complete run of the sync
 * answered in full, so that a stored sample there which the run did not answer again is gone at the
 * provider.
 */
export interface CoveredSpan {
  kinds: readonly string[];
  from: number;
  to: number;
}

/** Samples of `kinds` whose origin id is one of `originIds`, which the provider says it deleted. */
export interface DeletedOrigins {
  kinds: readonly string[];
  originIds: readonly string[];
}

/**
 * One provider. `sync` fetches raw pages in a fixed order; `normalize` maps one page to samples. The
 * split lets `npm run sources:replay` re-map stored pages after a mapping fix.
 *
 * Revisions: a sample written again with the identity (kind, start, end, origin id) of a stored one
 * replaces it, so origin ids are the provider's record ids (a daily summary: the provider's day). Deletions
 * come two ways: `deleted` names what a page says is gone, and `covers` says where a complete run answers
 * everything, so that what it no longer answers there is deleted.
 */
export interface Connector {
  manifest: ConnectorManifest;
  /**
   * For providers without third-party OAuth (Peloton, Eight Sleep): signs in with the person's
   * username and password and answers the session. The password is used once and never stored.
   */
  login?(credentials: { username: string; password: string }, context: LoginContext): Promise<TokenSet>;
  /** Renews a password sign-in's session with its refresh token (Eight Sleep); without it a 401 asks to reconnect. */
  refresh?(tokens: TokenSet, context: LoginContext): Promise<TokenSet>;
  sync(context: SyncContext): AsyncIterable<RawPage>;
  normalize(page: Pick<RawPage, 'resource' | 'payload'>, context: NormalizeContext): NewSample[];
  /**
   * Clinical sources: the page's resources for the clinical view (conditions, medications …), written
   * in the same transaction as its samples. Pure, like `normalize`, so replays re-map them too.
   */
  records?(page: Pick<RawPage, 'resource' | 'payload'>, context: NormalizeContext): ClinicalRecordInput[];
  /**
   * Origin ids one page says the provider deleted (a FHIR Observation `entered-in-error`, a measure a
   * Withings group no longer holds). Pure, like `normalize`, so a replay applies them again; never an
   * origin id of the page's own samples.
   */
  deleted?(page: Pick<RawPage, 'resource' | 'payload'>, context: NormalizeContext): DeletedOrigins[];
  /**
   * What a run of `sync` over `window` that went from its first page to its last fetched in full, by the
   * kinds it writes and the start instants of their samples. After such a run, a stored sample of this
   * source in a span that the run did not answer again is deleted (a run resumed from a cursor deletes
   * nothing). Only what the queries provably reach: a provider that filters by upload or update time
   * covers nothing, and edges where a date filter and the samples' instants may disagree are left out.
   * Without it a sync deletes nothing by absence.
   */
  covers?(window: SyncWindow): CoveredSpan[];
}

export interface NormalizeContext {
  timeZone: string;
  /** The source kind the samples are written under, for connectors shared by several kinds (SMART). */
  source?: string;
}
