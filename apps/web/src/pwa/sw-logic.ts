// What the service worker decides, as plain functions (unit-tested; sw.ts wires them to its events).
// No imports: this file is bundled into /sw.js on its own.

/** The page shown for any navigation while the server cannot be reached. */
export const OFFLINE_PAGE = '/offline.html';

/** Files of the installable app that are not part of the build's hashed assets. */
export const STATIC_SHELL = [
  OFFLINE_PAGE,
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
] as const;

export type FetchHandling =
  /** Left to the browser: the service worker does not answer (the API, anything not ours). */
  | 'browser'
  /** A page: from the network, the offline page when the server is unreachable. */
  | 'navigate'
  /** A hashed build file or a shell file: from the cache, else the network (and then cached). */
  | 'shell';

/**
 * How one request is handled. API answers are never cached or even seen: health data must not wait in a
 * cache on the device. Only GETs of this origin's build files and the shell's own files are cached.
 */
export function fetchHandling(
  request: { method: string; url: string; mode: string },
  origin: string,
): FetchHandling {
  const url = new URL(request.url);
  if (url.origin !== origin || request.method !== 'GET') return 'browser';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return 'browser';
  if (request.mode === 'navigate') return 'navigate';
  if (url.pathname.startsWith('/assets/') || (STATIC_SHELL as readonly string[]).includes(url.pathname)) {
    return 'shell';
  }
  return 'browser';
}

/** A reverse proxy's answers when the server behind it is down: shown as offline too. */
export function serverUnreachable(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

export interface ShownNotification {
  title: string;
  options: { body: string; tag: string; icon: string; badge: string; data: { url: string } };
}

/**
 * The notification a push message becomes. The server sends `{kind, title, body, url}` (core's
 * PushMessage); anything else still shows something generic rather than nothing (a push the user cannot
 * see counts against the site in Chromium).
 */
export function notificationFromPush(text: string | null): ShownNotification {
  let message: Partial<Record<'kind' | 'title' | 'body' | 'url', unknown>> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object') message = parsed as typeof message;
  } catch {
    message = {};
  }
  const str = (value: unknown, fallback: string) =>
    typeof value === 'string' && value.trim() ? value.slice(0, 200) : fallback;
  const url = str(message.url, '/dashboard');
  return {
    title: str(message.title, 'Healthfolio'),
    options: {
      body: str(message.body, 'Something new is waiting for you.'),
      tag: str(message.kind, 'healthfolio'),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // Only a path of this app: a message cannot send a tap elsewhere.
      data: { url: url.startsWith('/') && !url.startsWith('//') ? url : '/dashboard' },
    },
  };
}
