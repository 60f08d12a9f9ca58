// Issue 22: the installable app (manifest, service worker, offline page), Web Push, and SPEC §9 analytics.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { startFakePushService } from '../apps/server/test/push/fake-push-service';
import {
  clientAddress,
  expect as baseExpect,
  isolatedTest as test,
  newPersona,
  toStoredSession,
  type SessionData,
} from './fixtures';
import { SettingsPage } from './pages';
import { startExtraServer } from './second-server';

test.describe.configure({ timeout: 90_000 });
// The machine running the suite is shared and loaded: a first render, a lazy chunk, may take a while.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Waits until the service worker is active and controls this page (a first visit needs one reload). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await page.evaluate(() => navigator.serviceWorker.ready);
  }
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toMatch(/\/sw\.js$/);
}

/** Every URL in every cache of this origin. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

/** Signs a fresh account up on a server and seeds its session into the browser, as the fixtures do. */
async function signedInOn(context: BrowserContext, baseURL: string): Promise<SessionData> {
  const res = await context.request.post(`${baseURL}/api/identity/signup`, {
    data: newPersona(),
    headers: clientAddress(),
  });
  expect(res.status(), await res.text()).toBe(201);
  const session = ((await res.json()) as { data: SessionData }).data;
  await context.addInitScript(
    (stored) => {
      if (!window.sessionStorage.getItem('e2e.seeded')) {
        window.localStorage.setItem('healthfolio.session', stored);
        window.sessionStorage.setItem('e2e.seeded', '1');
      }
    },
    JSON.stringify(toStoredSession(session)),
  );
  return session;
}

test.describe('the installable app', () => {
  test('the manifest is linked and complete, the service worker runs, and only the app shell is cached', async ({
    signedInPage: page,
    request,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await request.get(href!);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Healthfolio',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#2D9A93',
    });
    const png = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(png.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of png) {
      const file = await request.get(icon.src);
      expect(file.headers()['content-type']).toBe('image/png');
      expect(pngSize(await file.body())).toBe(icon.sizes);
    }
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#2D9A93');

    await controlled(page);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toMatch(/\/$/);
    // The signed-in pages read health data from /api; none of it may sit in a cache.
    for (const next of ['/dashboard', '/insights', '/settings']) {
      await page.goto(next);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await expect
      .poll(async () => (await cachedUrls(page)).some((url) => url.startsWith('/assets/')))
      .toBe(true);
    const cached = await cachedUrls(page);
    expect(cached).toContain('/offline.html');
    expect(cached.filter((url) => url.startsWith('/api'))).toEqual([]);
    expect(
      cached.every((url) => url.startsWith('/assets/') || url.startsWith('/icons/') || url.includes('.')),
    ).toBe(true);
  });

  test('shows the offline page, from the service worker, when the server is down', async ({
    page,
  }, testInfo) => {
    const server = await startExtraServer({
      dataDir: path.resolve(testInfo.outputDir, 'server-data'),
      env: {},
    });
    try {
      await page.goto(`${server.baseURL}/login`);
      await expect(page.getByRole('heading', { name: /sign in/i })).toBeVisible();
      await controlled(page);
    } finally {
      await server.stop();
    }
    const response = await page.goto(`${server.baseURL}/dashboard`);
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Healthfolio can’t reach its server' }),
    ).toBeVisible();
    await expect(page.getByText('nothing of it is kept on this device')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
    await expect(page).toHaveTitle('Offline · Healthfolio');
  });
});

test.describe('Web Push', () => {
  test('a person turns push on in Settings, a test notification reaches the push service encrypted, and the service worker shows it', async ({
    signedInPage: page,
    context,
    baseURL,
  }) => {
    // Chromium cannot subscribe here: Playwright's contexts are incognito (no Push API) and a persistent
    // profile waits for Google's push service (FCM), which a test without internet cannot reach. So the
    // browser's push service is the loopback one: the page's PushManager hands out its subscription.
    const pushService = await startFakePushService();
    const browserKeys = pushService.browser();
    try {
      await context.grantPermissions(['notifications'], { origin: baseURL! });
      await page.addInitScript(
        ({ endpoint, keys }) => {
          const subscription = () => ({
            endpoint,
            expirationTime: null,
            options: { userVisibleOnly: true },
            toJSON: () => ({ endpoint, expirationTime: null, keys }),
            unsubscribe: async () => {
              window.localStorage.removeItem('e2e.push');
              return true;
            },
          });
          PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
            const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
            window.localStorage.setItem('e2e.push', btoa(String.fromCharCode(...key)));
            return subscription() as unknown as PushSubscription;
          };
          PushManager.prototype.getSubscription = async function () {
            return (
              window.localStorage.getItem('e2e.push') ? subscription() : null
            ) as PushSubscription | null;
          };
        },
        { endpoint: browserKeys.endpoint, keys: browserKeys.keys },
      );
      const settings = new SettingsPage(page);
      await settings.goto();
      await controlled(page);
      const push = settings.notifications.getByRole('switch', { name: 'Push notifications' });
      await expect(push).toBeEnabled();
      await expect(push).not.toBeChecked();
      await push.click();
      await expect(push).toBeChecked();

      // The browser was subscribed with the server's VAPID key.
      const serverKey = (await (
        await page.request.get('/api/push', {
          headers: {
            authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('healthfolio.session')!).accessToken as string)}`,
          },
        })
      ).json()) as { data: { publicKey: string } };
      const usedKey = await page.evaluate(() => window.localStorage.getItem('e2e.push'));
      expect(Buffer.from(usedKey!, 'base64').toString('base64url')).toBe(serverKey.data.publicKey);

      await settings.notifications.getByRole('button', { name: 'Send a test notification' }).click();
      await expect(settings.notifications.getByRole('status')).toHaveText('Test notification sent.');
      const [message] = await pushService.waitFor(1);
      expect(message!.vapid).toMatchObject({ aud: pushService.origin, publicKey: serverKey.data.publicKey });
      expect(JSON.parse(message!.plaintext)).toEqual({
        kind: 'test',
        title: 'Healthfolio notifications work',
        body: 'This browser will tell you about new insights and goal reminders.',
        url: '/settings',
      });

      // What the push service would hand to Chromium, handed over through DevTools (as its Push button does).
      const cdp = await context.newCDPSession(page);
      const registration = new Promise<string>((resolve) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => !r.isDeleted && r.scopeURL === `${baseURL}/`);
          if (ours) resolve(ours.registrationId);
        }),
      );
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL!,
        registrationId: await registration,
        data: message!.plaintext,
      });
      await expect
        .poll(() =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              data: n.data as unknown,
            })),
          ),
        )
        .toEqual([
          {
            title: 'Healthfolio notifications work',
            body: 'This browser will tell you about new insights and goal reminders.',
            tag: 'test',
            data: { url: '/settings' },
          },
        ]);

      // Turned off: this browser is no longer subscribed, after a reload too.
      await push.click();
      await expect(push).not.toBeChecked();
      await page.reload();
      await expect(
        settings.notifications.getByRole('switch', { name: 'Push notifications' }),
      ).not.toBeChecked();
      await expect(
        settings.notifications.getByRole('button', { name: 'Send a test notification' }),
      ).toHaveCount(0);
    } finally {
      await pushService.close();
    }
  });
});

test.describe('analytics (SPEC §9)', () => {
  test('without a measurement id there is no banner and no collector in the CSP', async ({
    page,
    request,
  }) => {
    const res = await request.get('/login');
    const csp = res.headers()['content-security-policy']!;
    expect(csp).toContain("connect-src 'self';");
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: /sign in/i })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Count page views?' })).toHaveCount(0);
  });

  test('with one, nothing is sent before consent, and page views after it carry no id', async ({
    browser,
  }, testInfo) => {
    const hits: string[] = [];
    const collector = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const collectUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/g/collect`;
    const server = await startExtraServer({
      dataDir: path.resolve(testInfo.outputDir, 'server-data'),
      env: { ANALYTICS_MEASUREMENT_ID: 'G-E2ETEST1', ANALYTICS_COLLECT_URL: collectUrl },
    });
    const context = await browser.newContext({ baseURL: server.baseURL });
    try {
      const csp = (await context.request.get('/login')).headers()['content-security-policy']!;
      expect(csp).toContain(`connect-src 'self' ${new URL(collectUrl).origin};`);
      const session = await signedInOn(context, server.baseURL);
      const page = await context.newPage();
      const loaded: string[] = [];
      page.on('request', (r) => loaded.push(r.url()));

      await page.goto('/dashboard');
      const banner = page.getByRole('region', { name: 'Count page views?' });
      await expect(banner).toBeVisible();
      await page.goto('/settings');
      await expect(banner).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Before an answer: no request to the collector, and the page-view code not even loaded.
      expect(hits).toEqual([]);
      expect(
        loaded.filter((url) => url.startsWith(new URL(collectUrl).origin) || /page-views/.test(url)),
      ).toEqual([]);

      const reportId = '6f1c2b9e-0d1a-4c3e-9b7a-2f5d8e1c4a3b';
      await banner.getByRole('button', { name: 'Allow' }).click();
      await expect(banner).toHaveCount(0);
      await expect.poll(() => hits.length).toBe(1);
      // Each page sends its view once it has loaded; the next is opened after that.
      let expected = 1;
      for (const next of ['/goals', `/reports/${reportId}`, '/s/hf_share_token_kq3J9xY2']) {
        await page.goto(next);
        expected += 1;
        await expect.poll(() => hits.length, { timeout: 30_000 }).toBe(expected);
      }

      const views = hits.map((hit) => new URL(hit, collectUrl));
      expect(views.every((v) => v.pathname === '/g/collect')).toBe(true);
      const pages = views.map((v) => new URL(v.searchParams.get('dl')!).pathname);
      expect(pages).toEqual(['/settings', '/goals', '/reports/:id', '/s/:token']);
      for (const view of views) {
        expect([...view.searchParams.keys()].sort()).toEqual(['_s', 'cid', 'dl', 'en', 'tid', 'v']);
        expect(view.searchParams.get('en')).toBe('page_view');
        expect(view.searchParams.get('tid')).toBe('G-E2ETEST1');
        const text = decodeURIComponent(view.href);
        for (const secret of [
          session.user.id,
          session.user.email,
          reportId,
          'hf_share_token_kq3J9xY2',
          'Ada',
        ]) {
          expect(text).not.toContain(secret);
        }
      }

      // A person who says no in another browser: nothing is sent, on any page.
      const other = await browser.newContext({ baseURL: server.baseURL });
      const before = hits.length;
      const second = await other.newPage();
      await second.goto('/login');
      await second
        .getByRole('region', { name: 'Count page views?' })
        .getByRole('button', { name: 'No thanks' })
        .click();
      await expect(second.getByRole('region', { name: 'Count page views?' })).toHaveCount(0);
      await second.goto('/about');
      await second.reload();
      await second.waitForLoadState('networkidle');
      await expect(second.getByRole('region', { name: 'Count page views?' })).toHaveCount(0);
      expect(hits.length).toBe(before);
      await other.close();
    } finally {
      await context.close();
      await server.stop();
      await new Promise<void>((resolve) => collector.close(() => resolve()));
    }
  });
});
