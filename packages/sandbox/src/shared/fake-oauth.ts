import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FakeControl, FakeOptions } from '../types';

/** Paths of one provider's OAuth endpoints, relative to where its fake is mounted. */
export interface FakeOAuthPaths {
  authorize: string;
  token: string;
  revoke?: string;
  /** The provider's name on its consent page. */
  providerName: string;
  scopes: readonly string[];
  /** Answer extras a provider adds to its token answer (Strava's athlete). */
  tokenExtras?: () => Record<string, unknown>;
  /** SMART: refuses an authorize request (wrong `aud`, no S256 challenge) with a message, before consent. */
  checkAuthorize?: (query: Record<string, string | undefined>) => string | null;
  /** SMART: extra fields of the consent form (the patient picker). */
  consentFields?: () => string;
  /** SMART: the launch context chosen at consent (`patient`), answered with every token of that grant. */
  launchContext?: (decision: Record<string, string | undefined>) => Record<string, string>;
  /** Codes are only issued for an S256 `code_challenge` (SMART App Launch 2.x requires PKCE). */
  requirePkce?: boolean;
}

interface Grant {
  redirectUri: string;
  challenge: string | null;
  clientId: string;
  context?: Record<string, string>;
}

interface Issued {
  expiresAt: number;
  revoked: boolean;
  context?: Record<string, string>;
}

/**
 * A provider's OAuth 2.0 server as its documentation describes it (RFC 6749, RFC 7636): a consent page,
 * the authorization-code and refresh grants, rotation of refresh tokens, revocation, expiring access
 * tokens. `authenticate` guards the fake's API routes: 401 for a missing, unknown, expired or revoked token.
 */
export class FakeOAuth {
  private readonly codes = new Map<string, Grant>();
  private readonly access = new Map<string, Issued>();
  private readonly refresh = new Map<string, Issued>();
  /** Requests the fake API answered (2xx), for a sync's statistics in tests. */
  apiRequests = 0;
  private counter = 0;
  private rateLimitEvery: number;

  constructor(
    private readonly options: FakeOptions,
    private readonly paths: FakeOAuthPaths,
  ) {
    this.rateLimitEvery = options.rateLimitEvery ?? 0;
  }

  private now = () => (this.options.now ?? Date.now)();

  register(app: FastifyInstance): void {
    // The consent form and token requests are form-encoded, as OAuth 2.0 prescribes.
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
    }
    app.get(this.paths.authorize, (request, reply) => this.consent(request, reply));
    app.post(this.paths.authorize, (request, reply) => this.approve(request, reply));
    app.post(this.paths.token, (request, reply) => this.token(request, reply));
    if (this.paths.revoke) {
      app.post(this.paths.revoke, (request, reply) => {
        const body = (request.body ?? {}) as Record<string, string>;
        const query = request.query as Record<string, string>;
        const token = body.token ?? query.access_token ?? query.token;
        for (const map of [this.access, this.refresh]) {
          const issued = token ? map.get(token) : undefined;
          if (issued) issued.revoked = true;
        }
        return reply.send({});
      });
    }
  }

  /** Lets a test reach this fake's tokens and counters. */
  expose(control: FakeControl | undefined): void {
    if (!control) return;
    control.expireTokens = () => this.expireAll();
    control.revokeGrants = () => this.revokeAll();
    control.requests = () => this.apiRequests;
    control.rateLimitEvery = (n) => {
      this.rateLimitEvery = n;
    };
  }

  /** Revokes every refresh token, as a person removing the app at the provider does. */
  revokeAll(): void {
    for (const issued of this.refresh.values()) issued.revoked = true;
  }

  /** Expires every access token now, to see a sync refresh. */
  expireAll(): void {
    for (const issued of this.access.values()) issued.expiresAt = 0;
  }

  /**
   * Guards an API route; answers 401 or 429 itself and returns false when the request must stop.
   * `data: false` for calls that read no data (Withings' notify subscriptions): not counted, never 429.
   */
  authenticate(request: FastifyRequest, reply: FastifyReply, options: { data?: boolean } = {}): boolean {
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const issued = token ? this.access.get(token) : undefined;
    if (!issued || issued.revoked || issued.expiresAt <= this.now()) {
      void reply
        .status(401)
        .send({ error: 'invalid_token', message: 'The access token is invalid or expired' });
      return false;
    }
    if (options.data === false) return true;
    this.counter++;
    const every = this.rateLimitEvery;
    if (every > 0 && this.counter % every === 0) {
      void reply
        .status(429)
        .header('retry-after', '1')
        .send({ error: 'rate_limited', message: 'Too many requests' });
      return false;
    }
    this.apiRequests++;
    return true;
  }

  /** The launch context (`patient`) of the request's access token; call after `authenticate`. */
  contextOf(request: FastifyRequest): Record<string, string> {
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    return (token ? this.access.get(token)?.context : undefined) ?? {};
  }

  private consent(request: FastifyRequest, reply: FastifyReply) {
    const q = request.query as Record<string, string | undefined>;
    const refusal = this.paths.checkAuthorize?.(q);
    if (refusal) return reply.status(400).send({ error: 'invalid_request', error_description: refusal });
    const hidden = ['client_id', 'redirect_uri', 'state', 'scope', 'code_challenge', 'code_challenge_method']
      .map((name) => `<input type="hidden" name="${name}" value="${escape(q[name] ?? '')}">`)
      .join('');
    const scopes = this.paths.scopes.map((s) => `<li>${escape(s)}</li>`).join('');
    const name = escape(this.paths.providerName);
    return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${name} (Sandbox) — authorize</title>
<style>${CONSENT_STYLE}</style></head>
<body><main class="card">
<p class="sandbox" role="note"><strong>Sandbox</strong> This is a test provider on your Healthfolio server, not ${name}: it shares generated data only, never a real account.</p>
<h1>${name} <small>(Sandbox)</small></h1>
<p>Healthfolio asks to read your ${name} data:</p>
<ul>${scopes}</ul>
<form method="post">${hidden}${this.paths.consentFields?.() ?? ''}<div class="actions"><button type="submit" name="decision" value="allow" class="primary">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button></div></form></main></body></html>`);
  }

  private approve(request: FastifyRequest, reply: FastifyReply) {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const redirect = body.redirect_uri;
    if (!redirect)
      return reply.status(400).send({ error: 'invalid_request', message: 'redirect_uri is required' });
    const target = new URL(redirect);
    if (body.state) target.searchParams.set('state', body.state);
    if (body.decision !== 'allow') {
      target.searchParams.set('error', 'access_denied');
      return reply.redirect(target.toString());
    }
    if (this.paths.requirePkce && (!body.code_challenge || body.code_challenge_method !== 'S256')) {
      target.searchParams.set('error', 'invalid_request');
      target.searchParams.set('error_description', 'PKCE with S256 is required');
      return reply.redirect(target.toString());
    }
    const code = randomBytes(16).toString('hex');
    const context = this.paths.launchContext?.(body);
    this.codes.set(code, {
      redirectUri: redirect,
      challenge: body.code_challenge || null,
      clientId: body.client_id ?? '',
      ...(context ? { context } : {}),
    });
    target.searchParams.set('code', code);
    return reply.redirect(target.toString());
  }

  private token(request: FastifyRequest, reply: FastifyReply) {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    const clientId = body.client_id ?? basicId;
    const clientSecret = body.client_secret ?? basicSecret;
    const refuse = (error: string, message: string, status = 400) =>
      reply.status(status).send({ error, error_description: message });
    if (
      (this.options.clientId && clientId !== this.options.clientId) ||
      (this.options.clientSecret && clientSecret !== this.options.clientSecret)
    ) {
      return refuse('invalid_client', 'Unknown client or wrong secret', 401);
    }
    if (body.grant_type === 'authorization_code') {
      const grant = body.code ? this.codes.get(body.code) : undefined;
      if (body.code) this.codes.delete(body.code);
      if (!grant || grant.redirectUri !== body.redirect_uri)
        return refuse('invalid_grant', 'Unknown or used code');
      if (grant.challenge) {
        const verifier = body.code_verifier ?? '';
        const expected = createHash('sha256').update(verifier).digest('base64url');
        if (expected !== grant.challenge) return refuse('invalid_grant', 'PKCE verification failed');
      }
      return reply.send(this.issue(grant.context));
    }
    if (body.grant_type === 'refresh_token') {
      const issued = body.refresh_token ? this.refresh.get(body.refresh_token) : undefined;
      if (!issued || issued.revoked)
        return refuse('invalid_grant', 'The refresh token is invalid or revoked');
      issued.revoked = true; // rotation: each refresh token works once
      return reply.send(this.issue(issued.context));
    }
    return refuse('unsupported_grant_type', 'Only authorization_code and refresh_token');
  }

  private issue(context?: Record<string, string>) {
    const ttl = this.options.tokenTtlSeconds ?? 3600;
    const accessToken = randomBytes(20).toString('hex');
    const refreshToken = randomBytes(20).toString('hex');
    const kept = context ? { context } : {};
    this.access.set(accessToken, { expiresAt: this.now() + ttl * 1000, revoked: false, ...kept });
    this.refresh.set(refreshToken, { expiresAt: Number.MAX_SAFE_INTEGER, revoked: false, ...kept });
    return {
      token_type: 'Bearer',
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: ttl,
      scope: this.paths.scopes.join(' '),
      ...(this.paths.tokenExtras?.() ?? {}),
      ...(context ?? {}),
    };
  }
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The sandbox consent page in the app's look (SPEC §9: the teal, 8 px corners, the system font; light and
 * dark), so a newcomer trying a sandbox stays in familiar surroundings and reads at once that it is one.
 */
const CONSENT_STYLE = `
:root{color-scheme:light dark;--bg:#F6F8F8;--paper:#FFFFFF;--text:#1A2423;--muted:#4A5857;--primary:#1E756F;--on-primary:#FFFFFF;--line:#D5DEDD;--note:#FFF4E5;--note-text:#663C00}
@media (prefers-color-scheme:dark){:root{--bg:#0F1716;--paper:#16201F;--text:#E6EEED;--muted:#A9B8B6;--primary:#4ECDC4;--on-primary:#0F1716;--line:#2B3A38;--note:#3A2A10;--note-text:#FFD9A0}}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;background:var(--bg);color:var(--text);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5}
.card{box-sizing:border-box;width:100%;max-width:32rem;margin:3rem 1rem;padding:1.5rem;background:var(--paper);border:1px solid var(--line);border-radius:8px}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h1 small{font-weight:400;color:var(--muted);font-size:1rem}
.sandbox{margin:0 0 1rem;padding:.75rem 1rem;border-radius:8px;background:var(--note);color:var(--note-text)}
.sandbox strong{display:inline-block;margin-right:.5rem;padding:0 .5rem;border-radius:8px;border:1px solid currentColor;font-size:.8rem;text-transform:uppercase;letter-spacing:.04em}
ul{padding-left:1.25rem;color:var(--muted)}label{display:block;margin:.25rem 0}
.actions{display:flex;gap:.5rem;margin-top:1.5rem}
button{font:inherit;font-weight:600;padding:.5rem 1.25rem;border-radius:8px;border:1px solid var(--primary);background:transparent;color:var(--primary);cursor:pointer}
button.primary{background:var(--primary);color:var(--on-primary)}
button:focus-visible{outline:3px solid var(--primary);outline-offset:2px}`;
