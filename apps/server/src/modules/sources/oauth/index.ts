/**
 * OAuth 2.0 with the providers, on oauth4webapi: the consent URL with state and PKCE (S256), the code
 * exchange, refresh, revocation, the operator's client check, and SMART discovery. Failures come out as
 * our ProviderError / ReauthRequired, with the messages the routes and the Sources page show. Where a
 * provider is not standard enough for oauth4webapi, a small adapter says why (client.ts, tokens.ts,
 * revoke.ts, smart.ts).
 */
export type { ProviderEndpoints } from './client';
export { authorizationUrl, hashState, newCodeVerifier, newState } from './authorize';
export { checkClient, exchangeCode, refreshTokens } from './tokens';
export { revokeToken } from './revoke';
export { smartConfiguration, type SmartEndpoints } from './smart';
