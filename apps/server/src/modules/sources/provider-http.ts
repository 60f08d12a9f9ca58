import type { ProviderHttp, TokenSet } from '@healthfolio/connectors';
import { ProviderError, RateLimited, ReauthRequired } from './provider-errors';

export interface ProviderHttpOptions {
  /** The provider's API base ("https://api.ouraring.com"); absolute URLs must share its origin. */
  baseUrl: string;
  /** Shown in errors: "Oura". */
  providerName: string;
  tokens: () => TokenSet;
  /** Gets new tokens with the refresh token; throws ReauthRequired when the provider refuses. */
  refresh: () => Promise<TokenSet>;
  signal: AbortSignal;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Each call gives up after this long (default 30 s). */
  timeoutMs?: number;
  /** A Retry-After longer than this pauses the sync instead of waiting (default 2 min). */
  maxWaitMs?: number;
  /** Told of every request made, for the sync's statistics. */
  onRequest?: () => void;
}

/** Refresh this long before the access token expires, so a page never starts with a dying token. */
const REFRESH_MARGIN_MS = 60_000;
const MAX_ATTEMPTS = 6;

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

/** Seconds or an HTTP date, as RFC 9110 allows; 60 s when the provider gave neither. */
export function retryAfterMs(header: string | null, now: number): number {
  if (!header) return 60_000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : 60_000;
}

/**
 * Reads JSON from a provider with its bearer token (or session cookie): refreshes before expiry and once on a 401, waits out
 * a 429's Retry-After (or pauses the sync when it is long), retries 5xx with backoff, and times out.
 */
export function createProviderHttp(options: ProviderHttpOptions): ProviderHttp {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  const name = options.providerName;

  const urlOf = (path: string, query?: Record<string, string | number | undefined>) => {
    const url = /^https?:\/\//.test(path) ? new URL(path) : new URL(path.replace(/^\//, ''), base);
    // A `next` link may only lead back to the same provider: tokens never go to another host.
    if (url.origin !== base.origin)
      throw new ProviderError(`${name} sent a link to another host (${url.host})`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url;
  };

  const request = async <T>(
    url: URL,
    form?: URLSearchParams,
    extraHeaders?: Readonly<Record<string, string>>,
  ): Promise<T> => {
    let refreshed = false;
    let tokens = options.tokens();
    if (
      tokens.expiresAt !== undefined &&
      tokens.expiresAt - REFRESH_MARGIN_MS <= now() &&
      tokens.refreshToken
    ) {
      tokens = await options.refresh();
      refreshed = true;
    }
    for (let attempt = 1; ; attempt++) {
      options.onRequest?.();
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
      let res: Response;
      try {
        res = await doFetch(url, {
          method: form ? 'POST' : 'GET',
          headers: {
            ...extraHeaders,
            ...(tokens.tokenType === 'cookie'
              ? { cookie: tokens.accessToken }
              : { authorization: `Bearer ${tokens.accessToken}` }),
            accept: 'application/json',
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          ...(form ? { body: form } : {}),
          signal: AbortSignal.any([options.signal, timeout]),
        });
      } catch {
        if (options.signal.aborted) throw options.signal.reason as Error;
        if (attempt >= 3) {
          throw new ProviderError(
            timeout.aborted ? `${name} did not answer in time` : `${name} could not be reached`,
          );
        }
        await sleep(1000 * attempt, options.signal);
        continue;
      }
      if (res.ok) return (await res.json()) as T;
      await res.body?.cancel();
      if (res.status === 401) {
        if (refreshed || !tokens.refreshToken) {
          throw new ReauthRequired(`${name} no longer accepts the saved sign-in. Connect ${name} again.`);
        }
        tokens = await options.refresh();
        refreshed = true;
        continue;
      }
      if (res.status === 429) {
        const wait = retryAfterMs(res.headers.get('retry-after'), now());
        if (wait > (options.maxWaitMs ?? 120_000) || attempt >= MAX_ATTEMPTS) {
          throw new RateLimited(`${name} asked us to slow down; the sync goes on later.`, now() + wait);
        }
        await sleep(wait, options.signal);
        continue;
      }
      if (res.status >= 500 && attempt < 3) {
        await sleep(1000 * 2 ** (attempt - 1), options.signal);
        continue;
      }
      throw new ProviderError(`${name} answered ${res.status} for ${url.pathname}`, res.status);
    }
  };

  const formOf = (fields: Record<string, string | number | undefined>) => {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, String(value));
    return form;
  };

  return {
    get: <T>(
      path: string,
      query?: Record<string, string | number | undefined>,
      headers?: Readonly<Record<string, string>>,
    ) => request<T>(urlOf(path, query), undefined, headers),
    post: <T>(path: string, form: Record<string, string | number | undefined>) =>
      request<T>(urlOf(path), formOf(form)),
  };
}
