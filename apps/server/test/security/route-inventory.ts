import type { FastifyInstance } from 'fastify';

export interface ApiRoute {
  method: string;
  url: string;
}

/**
 * Every route the running router answers, read from Fastify's own `printRoutes()` tree — not from a list
 * kept by hand, so a route added anywhere is in the inventory. Lines look like
 * `│   ├── /sessions (GET, HEAD)`; a child's path continues its parent's.
 */
export function routeInventory(app: FastifyInstance): ApiRoute[] {
  const routes: ApiRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack.push(url);
    for (const method of (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)) {
      routes.push({ method, url });
    }
  }
  return routes;
}

/**
 * Routes anyone may call without a session, each for a reason: health checks, API docs, signing in and
 * what leads to it, credentials in the URL or body (ingest URLs, share links, provider webhooks — each
 * checks its own token and is rate-limited), CORS preflights. Everything else under /api must answer 401.
 * Adding to this list is a security decision: say why beside the entry.
 */
export const PUBLIC_ROUTES: readonly RegExp[] = [
  /^(GET|HEAD) \/api\/(health|ready)$/, // load balancers
  /^(GET|HEAD) \/api\/docs(\/.*)?$/, // OpenAPI, no data
  /^(GET|HEAD) \/api\/analytics$/, // whether the operator set an analytics id (SPEC §9): asked before sign-in, no data
  /^POST \/api\/waitlist$/, // visitors, rate-limited per address
  /^POST \/api\/identity\/(signup|login|logout|refresh|password-reset|password-reset\/confirm|verification\/confirm)$/,
  /^(GET|HEAD) \/api\/identity\/jwks$/, // public keys
  /^POST \/api\/identity\/mfa\/verify$/, // second step of a sign-in: the challenge is the credential
  /^POST \/api\/identity\/webauthn\/login\/(options|verify)$/, // passkey sign-in
  /^[A-Z]+ \/api\/ingest(\/:token)?$/, // ingest URL or bearer ingest token, checked by the ingest module
  /^[A-Z]+ \/api\/public\/.+$/, // share links: the token in the URL is the credential
  /^[A-Z]+ \/api\/provider-webhooks\/.+$/, // provider notifications, verified by their signatures
];

export const isPublic = (route: ApiRoute) =>
  PUBLIC_ROUTES.some((p) => p.test(`${route.method} ${route.url}`));

/** A concrete URL for a route pattern: every `:param` and `*` filled with a well-formed unknown value. */
export const concreteUrl = (url: string) =>
  url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*/g, 'x');

export interface Credential {
  name: string;
  headers: Record<string, string>;
}

export interface Unguarded {
  route: string;
  credential: string;
  status: number;
}

/**
 * The checker: every non-public /api route, called with each credential (none, expired, tampered …),
 * must answer 401 in the error envelope. Returns what did not — the suite fails when it is not empty.
 */
export async function findUnguardedRoutes(
  app: FastifyInstance,
  credentials: readonly Credential[],
): Promise<Unguarded[]> {
  const failures: Unguarded[] = [];
  const routes = routeInventory(app).filter((r) => r.url.startsWith('/api') && !isPublic(r));
  for (const route of routes) {
    for (const credential of credentials) {
      const res = await app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        headers: { ...credential.headers, 'content-type': 'application/json' },
        ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) ? { payload: '{}' } : {}),
      });
      const body = route.method === 'HEAD' ? { error: { code: 'unauthorized' } } : safeJson(res.body);
      const code = (body as { error?: { code?: string } } | undefined)?.error?.code;
      if (res.statusCode !== 401 || code !== 'unauthorized') {
        failures.push({
          route: `${route.method} ${route.url}`,
          credential: credential.name,
          status: res.statusCode,
        });
      }
    }
  }
  return failures;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
