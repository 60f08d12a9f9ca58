import { randomUUID } from 'node:crypto';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

export interface TestUser {
  email: string;
  password: string;
  name: string;
}

export interface SessionData {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  user: { id: string; email: string; name: string; emailVerified: boolean };
}

interface Fixtures {
  /** A fresh account made through the identity API (the e2e server allows sign-up on the API). */
  user: TestUser;
  /** A page already signed in as `user`, the way a returning visitor's browser is. */
  signedInPage: Page;
  themeMode: 'light' | 'dark';
}

export function newPersona(name = 'Ada Lovelace'): TestUser {
  return { email: `ada+${randomUUID().slice(0, 8)}@example.com`, password: 'correct horse battery', name };
}

/**
 * The e2e server trusts X-Forwarded-For (as behind a reverse proxy), so each test's API set-up comes from
 * its own client address and the per-address sign-up and login limits stay those of one person.
 */
export function clientAddress(): Record<string, string> {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return { 'x-forwarded-for': `198.51.${n()}.${n()}` };
}

/** An init script: a visitor whose browser has no theme stored yet starts in the project's. */
function storeTheme(mode: string) {
  if (!window.localStorage.getItem('healthfolio.theme'))
    window.localStorage.setItem('healthfolio.theme', mode);
}

/**
 * A browser context per test, for the tests whose state outlives clearing a tab's storage: a CDP session
 * that leaves something behind (a virtual authenticator), the page's installed clock, service workers and
 * permissions carried from page to page. Every other test uses `test` and its kept tab; such a test may
 * still open contexts of its own with `browser` (another person, another device).
 */
export const isolatedTest = base.extend<Fixtures>({
  // Tests tagged @theme run in both modes: the dark projects start with the theme stored as dark.
  themeMode: async ({ colorScheme }, use) => use(colorScheme === 'dark' ? 'dark' : 'light'),
  page: async ({ page, themeMode }, use) => {
    await page.addInitScript(storeTheme, themeMode);
    await use(page);
  },
  user: async ({ request, themeMode }, use) => {
    const persona = newPersona();
    const res = await request.post('/api/identity/signup', { data: persona, headers: clientAddress() });
    expect(res.status(), await res.text()).toBe(201);
    if (themeMode === 'dark') {
      // A user who chose dark mode: the choice lives in their profile and follows them to every device.
      const { accessToken } = ((await res.json()) as { data: SessionData }).data;
      const put = await request.put('/api/auth/profile', {
        data: { settings: { preferences: { theme: 'dark' } } },
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(put.status(), await put.text()).toBe(200);
    }
    await use(persona);
  },
  signedInPage: async ({ page, request, user }, use) => {
    const session = await login(request, user);
    const seeded = await page.addInitScript(
      (stored) => {
        if (!window.sessionStorage.getItem('e2e.seeded')) {
          window.localStorage.setItem('healthfolio.session', stored);
          window.sessionStorage.setItem('e2e.seeded', '1');
        }
      },
      JSON.stringify(toStoredSession(session)),
    );
    await use(page);
    // On the kept tab the next test starts signed out.
    await seeded.dispose();
  },
});

/** The options a project gives its contexts (playwright.config.ts): its viewport, device and colours. */
const CONTEXT_OPTIONS = [
  'baseURL',
  'viewport',
  'screen',
  'userAgent',
  'deviceScaleFactor',
  'isMobile',
  'hasTouch',
  'colorScheme',
] as const;

/**
 * One tab per worker, kept from test to test with its storage cleared in between. The browser tests are
 * CPU-bound on CI's 2 cores, ~85 % of it Chromium's; a new context costs Chromium a renderer process and a
 * cold compile of the app's scripts: the sign-in page's first load in a new context took ~5.5 s of its CPU,
 * a load in a tab that had shown the app before 2.0–2.6 s. With the kept tab the whole suite went from
 * 32.9 to 14.4 minutes (3,849 to 1,649 test-seconds). A failed test's screenshot is attached here. A retry's
 * trace (`trace: 'on-first-retry'` on CI) records the kept tab too: Playwright starts a trace chunk on every
 * open context as each test begins (a test failing on purpose, retried with CI=1, left a trace of the tab).
 */
export const test = isolatedTest.extend<object, { tab: Page }>({
  tab: [
    async ({ browser }, use, workerInfo) => {
      const use_ = workerInfo.project.use as BrowserContextOptions;
      const options = Object.fromEntries(
        CONTEXT_OPTIONS.filter((key) => use_[key] !== undefined).map((key) => [key, use_[key]]),
      );
      const context = await browser.newContext(options);
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  // The kept tab's context, shared by the worker's tests (cleared like the tab): a test that needs a
  // context of its own uses isolatedTest.
  context: async ({ tab }, use) => use(tab.context()),
  page: async ({ tab, themeMode }, use, testInfo) => {
    await clearTab(tab);
    const initScript = await tab.addInitScript(storeTheme, themeMode);
    await use(tab);
    if (testInfo.status !== testInfo.expectedStatus && !tab.isClosed()) {
      await testInfo.attach('screenshot', { body: await tab.screenshot(), contentType: 'image/png' });
    }
    await initScript.dispose();
    await tab.unrouteAll({ behavior: 'ignoreErrors' });
    for (const event of ['request', 'response', 'console', 'dialog'] as const) tab.removeAllListeners(event);
  },
});

/**
 * Leaves the tab on a page of the app's origin that runs none of its code (the offline page), with every
 * cookie, storage, cache and service worker of the origin gone, and no other tab open: the next test's first
 * page load finds what a first visit finds, but in a renderer that has compiled the app's scripts before.
 */
async function clearTab(tab: Page): Promise<void> {
  const context = tab.context();
  for (const other of context.pages()) if (other !== tab) await other.close();
  await context.clearCookies();
  await context.clearPermissions();
  await tab.goto('/offline.html');
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(tab.url()).origin,
    storageTypes: 'local_storage,indexeddb,service_workers,cache_storage,cookies',
  });
  await cdp.detach();
  await tab.evaluate(() => window.sessionStorage.clear());
}

export async function login(
  request: APIRequestContext,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<SessionData> {
  const res = await request.post('/api/identity/login', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: SessionData }).data;
}

export function toStoredSession(session: SessionData) {
  return {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    expiresAt: Date.now() + session.expiresIn * 1000,
    user: session.user,
  };
}

export { expect };
