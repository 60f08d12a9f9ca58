// The service worker, built to /sw.js by the Vite plugin in vite.config.ts (which fills in the build's
// shell files). It caches the app shell only — never an /api answer — shows the offline page when the
// server cannot be reached, and turns Web Push messages into notifications.
import {
  fetchHandling,
  notificationFromPush,
  OFFLINE_PAGE,
  serverUnreachable,
  STATIC_SHELL,
} from './sw-logic';

// The DOM library's types plus the few worker ones used here (the WebWorker library would clash with DOM).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  location: Location;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

const sw = self as unknown as WorkerScope;
/** Filled in at build time: the entry's scripts and styles and their static imports. */
const BUILD_SHELL = JSON.parse('__HF_SHELL__') as string[];
const CACHE = 'healthfolio-shell-__HF_BUILD__';

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...STATIC_SHELL, ...BUILD_SHELL]))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('healthfolio-') && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      // No clients.claim(): a page loading while the worker activates stays with the network until its next
      // load, rather than having its remaining requests change hands midway.
      .then(() => undefined),
  );
});

async function offlinePage(): Promise<Response> {
  return (
    (await caches.match(OFFLINE_PAGE)) ??
    new Response('Healthfolio cannot reach its server.', { status: 503 })
  );
}

sw.addEventListener('fetch', (event) => {
  const handling = fetchHandling(event.request, sw.location.origin);
  if (handling === 'navigate') {
    event.respondWith(
      fetch(event.request).then(
        (response) => (serverUnreachable(response.status) ? offlinePage() : response),
        () => offlinePage(),
      ),
    );
  } else if (handling === 'shell' && !navigator.onLine) {
    // Offline: the shell's files from the install's cache (the offline page's icon, the app's entry). Online,
    // the network and the HTTP cache (hashed, immutable files) serve them, the worker out of the way.
    event.respondWith(caches.match(event.request).then((cached) => cached ?? fetch(event.request)));
  }
  // 'browser': not answered here, so the request goes to the network as if there were no worker.
});

sw.addEventListener('push', (event) => {
  const { title, options } = notificationFromPush(event.data ? event.data.text() : null);
  event.waitUntil(sw.registration.showNotification(title, options));
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/dashboard';
  event.waitUntil(
    sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows[0];
      if (open) {
        await open.focus();
        await open.navigate(url);
      } else {
        await sw.clients.openWindow(url);
      }
    }),
  );
});
