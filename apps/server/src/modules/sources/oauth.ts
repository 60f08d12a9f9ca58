import { createHash, randomBytes } from 'node:crypto';
import type { ConnectorManifest, OAuthSettings, TokenSet } from '@healthfolio/connectors';
import { ProviderError, ReauthRequired } from './provider-errors';

/** Where a provider's OAuth endpoints and API live for one connection, and the app it signs in with. */
export interface ProviderEndpoints {
  name: string;
  apiBaseUrl: string;
  /** Where this server calls the token endpoint. */
  authBaseUrl: string;
  /** Where the browser is sent to consent; differs from authBaseUrl only for sandbox providers. */
  authorizeBaseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Absolute endpoints found by discovery (SMART); they win over the manifest's paths. */
  authorizeUrl?: string;
  tokenUrl?: string;
  revokeUrl?: string;
}

export const newState = () => randomBytes(24).toString('base64url');
export const newCodeVerifier = () => randomBytes(32).toString('base64url');
export const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const join = (base: string, path: string) => `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;

/** The provider's consent page URL for this connection attempt (RFC 6749 §4.1.1, RFC 7636 S256). */
export function authorizationUrl(
  oauth: OAuthSettings,
  endpoints: ProviderEndpoints,
  redirectUri: string,
  state: string,
  codeVerifier: string | null,
): string {
  const url = new URL(endpoints.authorizeUrl ?? join(endpoints.authorizeBaseUrl, oauth.authorizePath));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', endpoints.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  if (oauth.scopes.length > 0) url.searchParams.set('scope', oauth.scopes.join(oauth.scopeSeparator ?? ' '));
  url.searchParams.set('state', state);
  if (codeVerifier) {
    url.searchParams.set('code_challenge', challengeOf(codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  // SMART: the FHIR server the token is for (SMART App Launch, "aud").
  if (oauth.audience) url.searchParams.set('aud', endpoints.apiBaseUrl);
  for (const [key, value] of Object.entries(oauth.authorizeParams ?? {})) url.searchParams.set(key, value);
  return url.toString();
}

/** A token request's form and headers, with the client authenticated the provider's way. */
function tokenForm(oauth: OAuthSettings, endpoints: ProviderEndpoints, params: Record<string, string>) {
  const form = new URLSearchParams({ ...(oauth.tokenParams ?? {}), ...params });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (oauth.clientAuth === 'none') {
    // A public client (SMART apps without a secret): PKCE stands in for the secret.
    form.set('client_id', endpoints.clientId);
  } else if (oauth.clientAuth === 'basic') {
    const basic = Buffer.from(`${endpoints.clientId}:${endpoints.clientSecret}`).toString('base64');
    headers.authorization = `Basic ${basic}`;
  } else {
    form.set('client_id', endpoints.clientId);
    form.set('client_secret', endpoints.clientSecret);
  }
  return { form, headers };
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
  expires_at?: number;
  scope?: string;
  athlete?: { id?: number };
  userid?: string | number;
  user_id?: string | number;
  /** SMART on FHIR and Blue Button: the patient the token reads. */
  patient?: string;
  /** Withings wraps its answer: { status, body: { access_token … } }. */
  body?: TokenAnswer;
  status?: number;
}

async function tokenRequest(
  oauth: OAuthSettings,
  endpoints: ProviderEndpoints,
  params: Record<string, string>,
  now: number,
  fetcher: typeof fetch,
  previous?: TokenSet,
): Promise<TokenSet> {
  const { form, headers } = tokenForm(oauth, endpoints, params);
  let res: Response;
  try {
    res = await fetcher(endpoints.tokenUrl ?? join(endpoints.authBaseUrl, oauth.tokenPath), {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new ProviderError(`${endpoints.name} could not be reached to sign in`);
  }
  const text = await res.text();
  let answer: TokenAnswer = {};
  try {
    answer = JSON.parse(text) as TokenAnswer;
  } catch {
    // Not JSON: handled below by the missing access token.
  }
  if (answer.body && typeof answer.body === 'object') answer = { ...answer.body };
  if (!res.ok || !answer.access_token) {
    // A refused refresh: a 4xx, or a 200 whose body says no (Withings answers `{status: 503}`).
    if (params.grant_type === 'refresh_token' && (res.ok || (res.status >= 400 && res.status < 500))) {
      throw new ReauthRequired(
        `${endpoints.name} no longer accepts the saved sign-in. Connect ${endpoints.name} again.`,
      );
    }
    throw new ProviderError(`${endpoints.name} refused the sign-in (${res.status})`, res.status);
  }
  const expiresIn = Number(answer.expires_in);
  const extra: Record<string, string | number> = { ...(previous?.extra ?? {}) };
  if (answer.athlete?.id !== undefined) extra.athleteId = answer.athlete.id;
  const userId = answer.userid ?? answer.user_id;
  if (userId !== undefined) extra.userId = userId;
  if (typeof answer.patient === 'string') extra.patient = answer.patient;
  return {
    accessToken: answer.access_token,
    // Providers that do not rotate refresh tokens leave it out of a refresh answer: keep the old one.
    ...((answer.refresh_token ?? previous?.refreshToken)
      ? { refreshToken: answer.refresh_token ?? previous?.refreshToken }
      : {}),
    ...(answer.expires_at !== undefined
      ? { expiresAt: answer.expires_at * 1000 }
      : Number.isFinite(expiresIn)
        ? { expiresAt: now + expiresIn * 1000 }
        : {}),
    ...(answer.scope ? { scope: answer.scope } : {}),
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
}

export function exchangeCode(
  manifest: ConnectorManifest,
  endpoints: ProviderEndpoints,
  code: string,
  redirectUri: string,
  codeVerifier: string | null,
  now: number,
  fetcher: typeof fetch = fetch,
): Promise<TokenSet> {
  if (!manifest.oauth) throw new ProviderError(`${endpoints.name} does not sign in with OAuth`);
  return tokenRequest(
    manifest.oauth,
    endpoints,
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
    },
    now,
    fetcher,
  );
}

export function refreshTokens(
  manifest: ConnectorManifest,
  endpoints: ProviderEndpoints,
  tokens: TokenSet,
  now: number,
  fetcher: typeof fetch = fetch,
): Promise<TokenSet> {
  if (!manifest.oauth || !tokens.refreshToken) {
    return Promise.reject(
      new ReauthRequired(
        `${endpoints.name} no longer accepts the saved sign-in. Connect ${endpoints.name} again.`,
      ),
    );
  }
  return tokenRequest(
    manifest.oauth,
    endpoints,
    { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
    now,
    fetcher,
    tokens,
  );
}

/** Revokes at the provider where it offers that; a failure here never blocks a disconnect. */
export async function revokeToken(
  manifest: ConnectorManifest,
  endpoints: ProviderEndpoints,
  tokens: TokenSet,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  const oauth = manifest.oauth;
  if (!oauth || (!oauth.revokePath && !endpoints.revokeUrl)) return false;
  const style = oauth.revokeStyle ?? 'form';
  const url =
    endpoints.revokeUrl ??
    join(style === 'bearer' ? endpoints.apiBaseUrl : endpoints.authBaseUrl, oauth.revokePath!);
  const init: RequestInit =
    style === 'bearer'
      ? { method: 'DELETE', headers: { authorization: `Bearer ${tokens.accessToken}` } }
      : {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(
            style === 'access_token'
              ? { access_token: tokens.accessToken }
              : {
                  token: tokens.refreshToken ?? tokens.accessToken,
                  client_id: endpoints.clientId,
                  ...(oauth.clientAuth === 'none' ? {} : { client_secret: endpoints.clientSecret }),
                },
          ),
        };
  try {
    const res = await fetcher(url, { ...init, signal: AbortSignal.timeout(10_000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Checks an app registration without a person: a token request with a made-up code. A provider that knows
 * the client refuses the code (`invalid_grant`); one that does not refuses the client (`invalid_client`, 401).
 */
export async function checkClient(
  manifest: ConnectorManifest,
  endpoints: ProviderEndpoints,
  redirectUri: string,
  fetcher: typeof fetch = fetch,
): Promise<{ ok: boolean; message: string }> {
  const oauth = manifest.oauth;
  if (!oauth)
    return { ok: true, message: `${endpoints.name} signs in with the person's password: no app to check.` };
  const { form, headers } = tokenForm(oauth, endpoints, {
    grant_type: 'authorization_code',
    code: 'healthfolio-self-test',
    redirect_uri: redirectUri,
  });
  let res: Response;
  try {
    res = await fetcher(endpoints.tokenUrl ?? join(endpoints.authBaseUrl, oauth.tokenPath), {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return { ok: false, message: `${endpoints.name} could not be reached at ${endpoints.authBaseUrl}.` };
  }
  const text = await res.text();
  const error = /"error"\s*:\s*"([a-z_]+)"/.exec(text)?.[1];
  if (res.status === 401 || error === 'invalid_client' || error === 'unauthorized_client') {
    return { ok: false, message: `${endpoints.name} does not accept this client id and secret.` };
  }
  if (res.status >= 500)
    return { ok: false, message: `${endpoints.name} answered ${res.status}; try again later.` };
  return { ok: true, message: `${endpoints.name} accepts this client id and secret.` };
}
