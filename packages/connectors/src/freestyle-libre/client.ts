import { createHash } from 'node:crypto';
import { ProviderError, ReauthRequired } from '../errors';
import type { LoginContext, RawPage, SyncContext, TokenSet } from '../types';

/**
 * What LibreLinkUp wants on every request: the app it believes it talks to. Versions before 4.16 are
 * refused (`status: 920`); from 4.16 on, data calls also carry `Account-Id`.
 */
export const LLU_HEADERS = { product: 'llu.android', version: '4.16.0' } as const;

/** `Account-Id`: the SHA-256 of the signed-in user's id, as 64 hex characters. */
export const accountIdOf = (userId: string) => createHash('sha256').update(userId).digest('hex');

/** What is read, in this order on every run (the cursor counts on it). */
export const STEPS = ['graph', 'logbook'] as const;

interface Cursor {
  r: number;
}

/** LibreLinkUp's envelope: `status` 0 is success, whatever the HTTP status said. */
interface Envelope<T> {
  status?: number;
  data?: T;
  error?: { message?: string };
}

interface LoginData {
  redirect?: boolean;
  region?: string;
  user?: { id?: string };
  authTicket?: { token?: string; expires?: number; duration?: number };
  step?: { type?: string };
  minimumVersion?: string;
}

interface ConnectionData {
  patientId?: string;
  firstName?: string;
  lastName?: string;
}

const join = (base: string, path: string) => `${base.replace(/\/$/, '')}${path}`;

/**
 * The host an account's region lives at: `https://api-eu.libreview.io` for the real API; a configured
 * stand-in (a test's fake, the sandbox) serves each region under `<base>/<region>`.
 */
export function regionalBase(base: string, region: string): string {
  if (!/^[a-z0-9]{2,8}$/i.test(region)) throw new Error(`LibreLinkUp named an unknown region ("${region}")`);
  const host = new URL(base).hostname;
  if (/^api(-[a-z0-9]+)?\.libreview\.io$/i.test(host))
    return `https://api-${region.toLowerCase()}.libreview.io`;
  return join(base, `/${region.toLowerCase()}`);
}

async function call<T>(
  context: LoginContext,
  url: string,
  init: { method: 'GET' | 'POST'; body?: unknown; token?: string; accountId?: string },
): Promise<Envelope<T>> {
  let res: Response;
  try {
    res = await context.fetch(url, {
      method: init.method,
      headers: {
        ...LLU_HEADERS,
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.accountId ? { 'account-id': init.accountId } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new Error('LibreLinkUp could not be reached');
  }
  if (res.status === 429) {
    await res.body?.cancel();
    throw new Error('LibreLinkUp asked us to slow down; try again in a few minutes');
  }
  const answer = (await res.json().catch(() => undefined)) as Envelope<T> | undefined;
  if (!answer || typeof answer !== 'object') throw new Error(`LibreLinkUp answered ${res.status}`);
  if (answer.status === 920) {
    const minimum = (answer.data as LoginData | undefined)?.minimumVersion;
    throw new Error(
      `LibreLinkUp wants a newer app version${minimum ? ` (${minimum})` : ''} than this server speaks`,
    );
  }
  if (!res.ok && answer.status === undefined) throw new Error(`LibreLinkUp answered ${res.status}`);
  return answer;
}

const STEP_NAMES: Record<string, string> = { tou: 'terms of use', pp: 'privacy policy' };

/**
 * Signs the follower in: `POST /llu/auth/login` with `{ email, password }`. The global host may answer
 * `{ redirect: true, region }`: the sign-in is repeated at that region's host, which is then kept as the
 * API base (`extra.apiBaseUrl`). The ticket is the bearer token until it expires; the password is sent
 * once and never kept. The first person who shares with the follower (`GET /llu/connections`) is the one
 * whose glucose is read.
 */
export async function login(
  credentials: { username: string; password: string },
  context: LoginContext,
): Promise<TokenSet> {
  let base = context.baseUrl;
  let redirected = false;
  let data: LoginData | undefined;
  for (;;) {
    const answer = await call<LoginData>(context, join(base, '/llu/auth/login'), {
      method: 'POST',
      body: { email: credentials.username, password: credentials.password },
    });
    if (answer.status === 2) {
      const said = answer.error?.message;
      throw new Error(`the email or password is wrong${said ? ` (${said})` : ''}`);
    }
    if (answer.status === 4) {
      const step = answer.data?.step?.type ?? '';
      throw new Error(
        `LibreLinkUp asks you to accept its ${STEP_NAMES[step] ?? 'new terms'} in the LibreLinkUp app first`,
      );
    }
    if (answer.status !== 0) {
      throw new Error(
        `LibreLinkUp refused the sign-in (status ${String(answer.status)}${answer.error?.message ? `: ${answer.error.message}` : ''})`,
      );
    }
    data = answer.data;
    if (!data?.redirect) break;
    if (redirected || !data.region)
      throw new Error('LibreLinkUp did not say which region the account lives in');
    base = regionalBase(base, data.region);
    redirected = true;
  }
  const token = data?.authTicket?.token;
  const userId = data?.user?.id;
  if (!token || !userId) throw new Error('LibreLinkUp answered without a sign-in ticket');
  const accountId = accountIdOf(userId);
  const connections = await call<ConnectionData[]>(context, join(base, '/llu/connections'), {
    method: 'GET',
    token,
    accountId,
  });
  const patientId = Array.isArray(connections.data) ? connections.data[0]?.patientId : undefined;
  if (connections.status !== 0 || !patientId) {
    throw new Error(
      'nobody shares their glucose with this LibreLinkUp account yet: accept the invitation in the LibreLinkUp app first',
    );
  }
  const expires = data?.authTicket?.expires;
  return {
    accessToken: token,
    ...(typeof expires === 'number' && expires > 0 ? { expiresAt: expires * 1000 } : {}),
    extra: { patientId, accountId, ...(redirected ? { apiBaseUrl: base } : {}) },
  };
}

/**
 * Reads the shared person's `GET /llu/connections/{patientId}/graph` (the last 12 hours and the latest
 * reading) and `/logbook` (about two weeks of scans and alarms), with the app's headers and `Account-Id`.
 * Neither takes a window: each answer is kept whole, and overlaps collapse on their stable origin ids.
 */
export async function* sync(context: SyncContext): AsyncIterable<RawPage> {
  const patientId = context.extra?.patientId;
  const accountId = context.extra?.accountId;
  if (typeof patientId !== 'string' || typeof accountId !== 'string') {
    throw new ReauthRequired('The saved LibreLinkUp sign-in is incomplete. Connect FreeStyle Libre again.');
  }
  const headers = { ...LLU_HEADERS, 'account-id': accountId };
  const start: Cursor = context.cursor ? (JSON.parse(context.cursor) as Cursor) : { r: 0 };
  for (let r = start.r; r < STEPS.length; r++) {
    const resource = STEPS[r]!;
    const payload = await context.http.get<Envelope<unknown>>(
      `/llu/connections/${encodeURIComponent(patientId)}/${resource}`,
      undefined,
      headers,
    );
    if (payload.status !== 0) {
      throw new ProviderError(
        `LibreLinkUp answered status ${String(payload.status)} for the ${resource}${payload.error?.message ? ` (${payload.error.message})` : ''}`,
      );
    }
    yield {
      resource,
      // The answer's `ticket` repeats the bearer token: it is not kept with the raw page.
      payload: { status: payload.status, data: payload.data },
      cursor: r + 1 < STEPS.length ? JSON.stringify({ r: r + 1 } satisfies Cursor) : null,
    };
  }
}
