import { API_TOKEN_PREFIX, getMetric, resolveMetricKind, type ApiTokenScope } from '@healthfolio/core';
import type { FastifyRequest } from 'fastify';
import { clientOf } from '../identity/client';
import type { ApiTokensService, TokenIdentity } from '../modules/api-tokens';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The personal-access-token scope this route needs. A route without one takes only a browser
     * session: a token is refused there with 403 `auth/insufficient-scope`.
     *
     * @example app.get('/metrics', { config: { scope: 'metrics:read' }, schema }, handler)
     */
    scope?: ApiTokenScope | ((request: FastifyRequest) => ApiTokenScope);
  }
  interface FastifyRequest {
    /** The personal access token the request came with; undefined for a browser session. */
    apiToken?: TokenIdentity;
  }
}

export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

/**
 * Authenticates a request that carries a personal access token: the token must be live (401), within its
 * rate limit (429), and hold the scope the route declares (403) — a route that declares none is refused.
 */
export async function authenticateApiToken(
  tokens: ApiTokensService,
  request: FastifyRequest,
  token: string,
): Promise<void> {
  const identity = await tokens.use(token, {
    method: request.method,
    url: request.url,
    client: clientOf(request),
  });
  const declared = request.routeOptions.config.scope;
  const scope = typeof declared === 'function' ? declared(request) : declared;
  if (!scope) {
    throw new AppError(
      'auth/insufficient-scope',
      'API tokens cannot be used here: this part of Healthfolio needs a signed-in browser session.',
      { headers: { 'www-authenticate': 'Bearer error="insufficient_scope"' } },
    );
  }
  if (!identity.scopes.includes(scope)) {
    throw new AppError(
      'auth/insufficient-scope',
      `This API token lacks the scope "${scope}" this request needs.`,
      // RFC 6750 §3.1: which scope would do.
      { headers: { 'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"` } },
    );
  }
  request.userId = identity.userId;
  request.apiToken = identity;
}

/**
 * The scope of reading one metric kind (`?type=`): lab results need `labs:read`, everything else
 * `metrics:read`. For `GET /metrics`, whose answer is the kind's samples.
 */
export function readScopeOfKind(request: FastifyRequest): ApiTokenScope {
  const type = (request.query as { type?: unknown } | undefined)?.type;
  const kind = typeof type === 'string' ? resolveMetricKind(type) : undefined;
  return kind && isLabKind(kind) ? 'labs:read' : 'metrics:read';
}

/**
 * True when the request may not see lab results: a token without `labs:read`, or a caregiver whose grant
 * lacks `labs`.
 */
export const hidesLabs = (request: FastifyRequest): boolean =>
  (request.apiToken !== undefined && !request.apiToken.scopes.includes('labs:read')) ||
  (request.caregiver !== undefined && !request.caregiver.permissions.includes('labs'));

export const isLabKind = (kind: string): boolean => getMetric(kind)?.category === 'labs';
