import { randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

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

export const test = base.extend<Fixtures>({
  // Tests tagged @theme run in both modes: the dark projects start with the theme stored as dark.
  themeMode: async ({ colorScheme }, use) => use(colorScheme === 'dark' ? 'dark' : 'light'),
  page: async ({ page, themeMode }, use) => {
    await page.addInitScript((mode) => {
      if (!window.localStorage.getItem('healthfolio.theme'))
        window.localStorage.setItem('healthfolio.theme', mode);
    }, themeMode);
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
    await page.addInitScript(
      (stored) => {
        if (!window.sessionStorage.getItem('e2e.seeded')) {
          window.localStorage.setItem('healthfolio.session', stored);
          window.sessionStorage.setItem('e2e.seeded', '1');
        }
      },
      JSON.stringify(toStoredSession(session)),
    );
    await use(page);
  },
});

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
