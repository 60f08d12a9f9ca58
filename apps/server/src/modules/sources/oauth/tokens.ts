import type { ConnectorManifest, OAuthSettings, TokenSet } from '@healthfolio/connectors';
import * as oauth from 'oauth4webapi';
import { ProviderError, ReauthRequired } from '../provider-errors';
import { clientAuthOf, clientOf, requestOptions, serverOf, type ProviderEndpoints } from './client';

type Send = (
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  auth: oauth.ClientAuth,
  options: oauth.TokenEndpointRequestOptions,
) => Promise<Response>;

const reauth = (name: string) =>
  new ReauthRequired(`${name} no longer accepts the saved sign-in. Connect ${name} again.`);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Adapter: the token answer as RFC 6749 §5.1 has it, for oauth4webapi to read. Two kinds of provider
 * answer otherwise:
 * - Withings wraps it, `{ status, body: { access_token … } }`, on HTTP 200 even when it refuses
 *   (`{ status: 503, body: {} }`): the body is unwrapped, and a refusal is then an answer without an
 *   access token, which oauth4webapi refuses.
 * - SMART EHRs add an OpenID `id_token` (SMART's patient launch asks `openid fhirUser`). The patient is
 *   read from the answer, never from the ID Token, and oauth4webapi would check the token's claims
 *   against an issuer a SMART configuration need not name: it is left out, as it always went unread.
 */
async function standardAnswer(res: Response): Promise<Response> {
  if (!res.body) return res;
  const text = await res.text();
  const init = { status: res.status, statusText: res.statusText, headers: res.headers };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return new Response(text, init);
  }
  if (!isObject(json)) return new Response(text, init);
  const { id_token: _unread, ...answer } = isObject(json.body) ? json.body : json;
  return new Response(JSON.stringify(answer), init);
}

/** Our token set from a provider's answer, with the extras the connectors read. */
function tokenSetOf(answer: oauth.TokenEndpointResponse, now: number, previous?: TokenSet): TokenSet {
  const extra: Record<string, string | number> = { ...(previous?.extra ?? {}) };
  const athlete = answer.athlete;
  if (isObject(athlete) && (typeof athlete.id === 'number' || typeof athlete.id === 'string')) {
    extra.athleteId = athlete.id;
  }
  const userId = answer.userid ?? answer.user_id;
  if (typeof userId === 'string' || typeof userId === 'number') extra.userId = userId;
  if (typeof answer.patient === 'string') extra.patient = answer.patient;
  // Providers that do not rotate refresh tokens leave it out of a refresh answer: keep the old one.
  const refreshToken = answer.refresh_token ?? previous?.refreshToken;
  const expiresIn = Number(answer.expires_in);
  return {
    accessToken: answer.access_token,
    ...(refreshToken ? { refreshToken } : {}),
    ...(answer.expires_at !== undefined && answer.expires_at !== null
      ? { expiresAt: Number(answer.expires_at) * 1000 }
      : Number.isFinite(expiresIn)
        ? { expiresAt: now + expiresIn * 1000 }
        : {}),
    ...(answer.scope ? { scope: answer.scope } : {}),
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
}

/**
 * One token request (code or refresh), the client authenticated the provider's way, with the
 * manifest's extra form fields; every failure becomes our error: a refresh refused (a 4xx, or a 200
 * that says no) asks to connect again, the rest is a provider error.
 */
async function tokenRequest(
  settings: OAuthSettings,
  endpoints: ProviderEndpoints,
  send: Send,
  now: number,
  fetcher: typeof fetch,
  previous?: TokenSet,
): Promise<TokenSet> {
  const as = serverOf(settings, endpoints);
  const client = clientOf(endpoints);
  let res: Response;
  try {
    res = await send(as, client, clientAuthOf(settings, endpoints), {
      ...requestOptions(endpoints, fetcher, 30_000),
      additionalParameters: { ...settings.tokenParams },
    });
  } catch {
    throw new ProviderError(`${endpoints.name} could not be reached to sign in`);
  }
  try {
    const answer = previous
      ? await oauth.processRefreshTokenResponse(as, client, await standardAnswer(res))
      : await oauth.processAuthorizationCodeResponse(as, client, await standardAnswer(res));
    return tokenSetOf(answer, now, previous);
  } catch {
    if (previous && (res.ok || (res.status >= 400 && res.status < 500))) throw reauth(endpoints.name);
    throw new ProviderError(`${endpoints.name} refused the sign-in (${res.status})`, res.status);
  }
}

/**
 * The callback's code as oauth4webapi takes it. Its `state` was checked already, against the hash
 * stored when the attempt began (connect.service.ts), so oauth4webapi's own check is skipped.
 */
const callbackOf = (as: oauth.AuthorizationServer, client: oauth.Client, code: string) =>
  oauth.validateAuthResponse(as, client, new URLSearchParams({ code }), oauth.skipStateCheck);

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
    (as, client, auth, options) =>
      oauth.authorizationCodeGrantRequest(
        as,
        client,
        auth,
        callbackOf(as, client, code),
        redirectUri,
        codeVerifier ?? oauth.nopkce,
        options,
      ),
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
  const refreshToken = tokens.refreshToken;
  if (!manifest.oauth || !refreshToken) return Promise.reject(reauth(endpoints.name));
  return tokenRequest(
    manifest.oauth,
    endpoints,
    (as, client, auth, options) => oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, options),
    now,
    fetcher,
    tokens,
  );
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
  const settings = manifest.oauth;
  if (!settings)
    return { ok: true, message: `${endpoints.name} signs in with the person's password: no app to check.` };
  const as = serverOf(settings, endpoints);
  const client = clientOf(endpoints);
  let res: Response;
  try {
    res = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuthOf(settings, endpoints),
      callbackOf(as, client, 'healthfolio-self-test'),
      redirectUri,
      oauth.nopkce,
      { ...requestOptions(endpoints, fetcher, 15_000), additionalParameters: { ...settings.tokenParams } },
    );
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
