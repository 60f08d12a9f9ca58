// Loaded only after the person agreed to analytics. Page views only: the page's route pattern — never an
// id, a query string, a health value, a metric with a value, a title or a referrer.

import { CLIENT_ID_KEY } from './consent';

export interface PageViewConfig {
  measurementId: string;
  collectUrl: string;
}

/** A route as the router matched it: its path pattern (`/reports/:id`). */
export interface MatchedRoute {
  route: { path?: string };
}

const WORD = /^[a-z][a-z-]*$/;

/**
 * The path a page view names: the matched route's pattern, so `/reports/3f2c…` is `/reports/:id` and the
 * share token of `/s/…` is `/s/:token`. Any segment that is not a plain word is replaced too, so a route
 * added later with an id in a fixed segment still sends none. Unmatched paths are `/not-found`.
 */
export function pagePath(pathname: string, matches: readonly MatchedRoute[]): string {
  const pattern = [...matches].reverse().find((m) => m.route.path)?.route.path;
  if (!pattern || pattern === '*' || pattern.endsWith('/*')) return '/not-found';
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `:${segment.slice(1).replace(/\W/g, '')}` : segment))
    .map((segment) => (segment.startsWith(':') || WORD.test(segment) ? segment : ':id'));
  return `/${segments.join('/')}`;
}

/** A client id for this browser session (GA4's `cid`): random, not the person's, gone with the tab. */
function sessionClientId(): string {
  const key = CLIENT_ID_KEY;
  try {
    const stored = window.sessionStorage.getItem(key);
    if (stored) return stored;
  } catch {
    // no storage: a new one each page load
  }
  const made = `${Math.floor(Math.random() * 2_147_483_647)}.${Math.floor(Date.now() / 1000)}`;
  try {
    window.sessionStorage.setItem(key, made);
  } catch {
    // ignore
  }
  return made;
}

let hit = 0;

/** The GA4 collection request of one page view (`en=page_view`), as gtag.js would send it, minus all else. */
export function pageViewUrl(config: PageViewConfig, path: string, origin: string, clientId: string): string {
  const params = new URLSearchParams({
    v: '2',
    tid: config.measurementId,
    cid: clientId,
    en: 'page_view',
    dl: `${origin}${path}`,
    _s: String(++hit),
  });
  return `${config.collectUrl}?${params.toString()}`;
}

export function sendPageView(
  config: PageViewConfig,
  pathname: string,
  matches: readonly MatchedRoute[],
): void {
  const url = pageViewUrl(config, pagePath(pathname, matches), window.location.origin, sessionClientId());
  // No cookies, no referrer: the collector learns the page and nothing of the person.
  void fetch(url, {
    method: 'POST',
    keepalive: true,
    mode: 'no-cors',
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  }).catch(() => undefined);
}
