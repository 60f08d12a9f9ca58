import type { OAuthSettings } from '@healthfolio/connectors';
import * as oauth from 'oauth4webapi';

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

export const join = (base: string, path: string) => `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;

/**
 * The provider as oauth4webapi's authorization server: discovered endpoints, else the manifest's paths
 * under the configured bases. The issuer is only compared with ID Tokens and an `iss` callback
 * parameter, neither of which we read.
 */
export function serverOf(settings: OAuthSettings, endpoints: ProviderEndpoints): oauth.AuthorizationServer {
  return {
    issuer: endpoints.authBaseUrl,
    authorization_endpoint:
      endpoints.authorizeUrl ?? join(endpoints.authorizeBaseUrl, settings.authorizePath),
    token_endpoint: endpoints.tokenUrl ?? join(endpoints.authBaseUrl, settings.tokenPath),
  };
}

export const clientOf = (endpoints: ProviderEndpoints): oauth.Client => ({ client_id: endpoints.clientId });

/**
 * Adapter: HTTP Basic with the id and secret as they are, as the providers document it (`curl -u
 * id:secret`, Blue Button, the VA). oauth4webapi's ClientSecretBasic form-encodes both first (RFC 6749
 * §2.3.1), sending `-` `_` `.` `~` as `%2D` …, which a server that does not decode them refuses.
 */
const basic =
  (secret: string): oauth.ClientAuth =>
  (_as, client, _body, headers) => {
    headers.set('authorization', `Basic ${Buffer.from(`${client.client_id}:${secret}`).toString('base64')}`);
  };

/** How the client authenticates at the token endpoint, as the manifest says. */
export function clientAuthOf(settings: OAuthSettings, endpoints: ProviderEndpoints): oauth.ClientAuth {
  // A public client (SMART apps without a secret): PKCE stands in for the secret.
  if (settings.clientAuth === 'none') return oauth.None();
  if (settings.clientAuth === 'basic') return basic(endpoints.clientSecret);
  return oauth.ClientSecretPost(endpoints.clientSecret);
}

/**
 * oauth4webapi calls https only unless allowed otherwise. Plain http reaches this client from three
 * places, all configuration: the sandbox providers on this server's own (loopback) address, an
 * operator's `<KIND>_BASE_URL` / `_AUTH_BASE_URL` (a local stand-in; the tests' fakes), and a
 * SMART_ENDPOINTS_FILE entry, which may be http. So http is allowed for a provider whose configured API
 * or auth base is http, and for no other: a provider configured on https stays on https, discovered
 * endpoints included.
 */
export const allowsHttp = (endpoints: ProviderEndpoints) =>
  [endpoints.apiBaseUrl, endpoints.authBaseUrl].some((url) => url.startsWith('http:'));

/** Every request's options: our fetch (tests inject theirs), the http rule above, a time limit. */
export function requestOptions(endpoints: ProviderEndpoints, fetcher: typeof fetch, timeoutMs: number) {
  return {
    [oauth.customFetch]: fetcher,
    [oauth.allowInsecureRequests]: allowsHttp(endpoints),
    signal: AbortSignal.timeout(timeoutMs),
  };
}
