import type { LoginContext, RawPage, SyncContext, TokenSet } from '../types';
import { ReauthRequired } from '../errors';
import { manifest } from './manifest';

/** The client a sandbox (or a test's fake) accepts when no Eight Sleep app client is configured. */
const SANDBOX_CLIENT = { id: 'healthfolio-sandbox', secret: 'sandbox-secret' };

interface Cursor {
  next: string;
}

/** A sleep session as `GET /v1/users/{id}/intervals` lists it (fields read). */
export interface EightSleepInterval {
  id?: string;
  ts?: string;
  incomplete?: boolean;
  timezone?: string;
  stages?: { stage?: string; duration?: number }[];
  timeseries?: Record<string, unknown>;
  score?: number;
}

interface IntervalsPage {
  intervals?: EightSleepInterval[];
  next?: string | null;
}

const join = (base: string, path: string) => `${base.replace(/\/$/, '')}${path}`;
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};

/**
 * Where the token endpoint lives: auth-api.8slp.net beside the real client API (or `EIGHT_SLEEP_AUTH_BASE_URL`);
 * a sandbox or a test's fake serves both under one base.
 */
function authBaseFor(context: LoginContext): { url: string; real: boolean } {
  if (context.authBaseUrl) return { url: context.authBaseUrl, real: true };
  const real = hostOf(context.baseUrl) === hostOf(manifest.apiBaseUrl);
  return { url: real ? manifest.authBaseUrl! : context.baseUrl, real };
}

/**
 * The Eight Sleep app's OAuth client: the token endpoint accepts no other. The operator sets it as
 * EIGHT_SLEEP_CLIENT_ID / EIGHT_SLEEP_CLIENT_SECRET (see the README); the sandbox has its own.
 */
function appClient(context: LoginContext, real: boolean): { id: string; secret: string } {
  if (context.clientId && context.clientSecret) return { id: context.clientId, secret: context.clientSecret };
  if (real) {
    throw new Error(
      'this server has no Eight Sleep app client: the operator sets EIGHT_SLEEP_CLIENT_ID and EIGHT_SLEEP_CLIENT_SECRET',
    );
  }
  return SANDBOX_CLIENT;
}

/** `POST /v1/tokens` with the password or refresh grant; answers the session. */
async function tokens(
  grant: Record<string, string>,
  context: LoginContext,
  previous?: TokenSet,
): Promise<TokenSet> {
  const auth = authBaseFor(context);
  const client = appClient(context, auth.real);
  let res: Response;
  try {
    res = await context.fetch(join(auth.url, '/v1/tokens'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ client_id: client.id, client_secret: client.secret, ...grant }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new Error('Eight Sleep could not be reached');
  }
  const answer = (await res.json().catch(() => ({}))) as {
    access_token?: string;
    refresh_token?: string;
    expires_in?: number;
    userId?: string;
    error?: string;
    error_description?: string;
  };
  if (!res.ok || !answer.access_token) {
    const said = answer.error_description ?? answer.error;
    if (grant.grant_type === 'refresh_token' && res.status >= 400 && res.status < 500) {
      throw new ReauthRequired('Eight Sleep no longer accepts the saved sign-in. Connect Eight Sleep again.');
    }
    if (res.status === 401 || res.status === 403) {
      throw new Error(`the email or password is wrong${said ? ` (${said})` : ''}`);
    }
    if (res.status === 429) throw new Error('Eight Sleep asked us to slow down; try again in a few minutes');
    throw new Error(`Eight Sleep answered ${res.status}${said ? ` (${said})` : ''}`);
  }
  const expiresIn = Number(answer.expires_in);
  const userId = answer.userId ?? previous?.extra?.userId;
  return {
    accessToken: answer.access_token,
    ...((answer.refresh_token ?? previous?.refreshToken)
      ? { refreshToken: answer.refresh_token ?? previous?.refreshToken }
      : {}),
    ...(Number.isFinite(expiresIn) ? { expiresAt: context.now + expiresIn * 1000 } : {}),
    ...(userId !== undefined ? { extra: { userId } } : {}),
  };
}

/**
 * Signs in with the OAuth 2.0 password grant at `POST auth-api.8slp.net/v1/tokens` (JSON body with the
 * app's client id and secret). Eight Sleep answers `access_token`, `expires_in` (a day), a
 * `refresh_token` and the `userId`. The password is used once and not kept.
 */
export function login(
  credentials: { username: string; password: string },
  context: LoginContext,
): Promise<TokenSet> {
  return tokens(
    { grant_type: 'password', username: credentials.username, password: credentials.password },
    context,
  );
}

/** Renews the day-long session with the refresh token, so a connection outlives its first day. */
export function refresh(session: TokenSet, context: LoginContext): Promise<TokenSet> {
  if (!session.refreshToken) {
    return Promise.reject(
      new ReauthRequired('Eight Sleep no longer accepts the saved sign-in. Connect Eight Sleep again.'),
    );
  }
  return tokens({ grant_type: 'refresh_token', refresh_token: session.refreshToken }, context, session);
}

/**
 * Pages through the person's sleep sessions newest first: `GET /v1/users/{id}/intervals`, then again
 * with `next=<cursor>` while the answer holds a `next` and the page has not reached past the start of
 * the window. The trends endpoint is not read: every figure it holds is derived from these sessions.
 */
export async function* sync(context: SyncContext): AsyncIterable<RawPage> {
  const me = await context.http.get<{ user?: { userId?: string } }>('/v1/users/me');
  const userId = me.user?.userId;
  if (!userId) throw new Error('Eight Sleep answered /v1/users/me without a user id');
  let next = context.cursor ? (JSON.parse(context.cursor) as Cursor).next : undefined;
  for (;;) {
    const answer = await context.http.get<IntervalsPage>(
      `/v1/users/${encodeURIComponent(userId)}/intervals`,
      { next },
    );
    const sessions = answer.intervals ?? [];
    const reachedStart = sessions.some((s) => Date.parse(s.ts ?? '') < context.from);
    next = !reachedStart && sessions.length > 0 && answer.next ? answer.next : undefined;
    yield {
      resource: 'intervals',
      payload: answer,
      cursor: next ? JSON.stringify({ next } satisfies Cursor) : null,
    };
    if (!next) return;
  }
}
