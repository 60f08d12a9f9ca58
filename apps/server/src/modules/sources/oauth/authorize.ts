import { createHash } from 'node:crypto';
import type { OAuthSettings } from '@healthfolio/connectors';
import * as oauth from 'oauth4webapi';
import { serverOf, type ProviderEndpoints } from './client';

export const newState = () => oauth.generateRandomState();
export const newCodeVerifier = () => oauth.generateRandomCodeVerifier();
/** What is stored of a state: its hash, looked up when the callback brings the state back. */
export const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

/** The provider's consent page URL for this connection attempt (RFC 6749 §4.1.1, RFC 7636 S256). */
export async function authorizationUrl(
  settings: OAuthSettings,
  endpoints: ProviderEndpoints,
  redirectUri: string,
  state: string,
  codeVerifier: string | null,
): Promise<string> {
  const url = new URL(serverOf(settings, endpoints).authorization_endpoint!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', endpoints.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  if (settings.scopes.length > 0) {
    url.searchParams.set('scope', settings.scopes.join(settings.scopeSeparator ?? ' '));
  }
  url.searchParams.set('state', state);
  if (codeVerifier) {
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  // SMART: the FHIR server the token is for (SMART App Launch, "aud").
  if (settings.audience) url.searchParams.set('aud', endpoints.apiBaseUrl);
  for (const [key, value] of Object.entries(settings.authorizeParams ?? {})) url.searchParams.set(key, value);
  return url.toString();
}
