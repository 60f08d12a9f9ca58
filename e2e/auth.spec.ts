import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { clientAddress, expect, newPersona, test, type SessionData } from './fixtures';
import { latestLink } from './outbox';
import { AppLayout, LoginPage, PasswordResetPages, SettingsPage } from './pages';
import { startExtraServer } from './second-server';

// These tests walk whole flows (several sign-ins, mails, downloads): more time than a page check.
test.describe.configure({ timeout: 60_000 });

// Every failing login here comes from 127.0.0.1, the browser's address. The server caps one address at
// 100 failures an hour across all accounts, so the whole suite keeps well below that (about 30 today).

test.describe('signing in (issue 3, SPEC §8)', () => {
  test('a person signs in through the form and lands on the dashboard', async ({ page, user }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(new AppLayout(page).logoutButton).toBeVisible();
  });

  test('a wrong password says "Incorrect email or password"', async ({ page, user }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, 'not the password');
    await expect(login.errorAlert).toHaveText('Incorrect email or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown email gets the very same answer (enumeration protection)', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(newPersona().email, 'correct horse battery');
    await expect(login.errorAlert).toHaveText('Incorrect email or password');
  });

  test('an invalid email says "Invalid email address"', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('not-an-email', 'whatever123');
    await expect(login.errorAlert).toHaveText('Invalid email address');
  });

  test('ten failures lock the account for this address, even for the right password', async ({
    page,
    user,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = page.waitForResponse('**/api/identity/login');
      await login.signIn(user.email, `wrong password ${attempt}`);
      expect((await answer).status()).toBe(401);
      await expect(login.errorAlert).toHaveText('Incorrect email or password');
    }
    const answer = page.waitForResponse('**/api/identity/login');
    await login.signIn(user.email, user.password);
    const locked = await answer;
    expect(locked.status()).toBe(429);
    expect(Number(await locked.headerValue('retry-after'))).toBeGreaterThan(0);
    await expect(login.errorAlert).toHaveText('Too many failed attempts. Please try again later');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('mailed links (issue 3)', () => {
  test('a password reset through the outbox mail, then signing in with the new password', async ({
    page,
    user,
  }) => {
    const reset = new PasswordResetPages(page);
    await reset.requestReset(user.email);
    await expect(reset.alert).toBeVisible();
    const link = await latestLink(user.email, '/reset-password');
    const code = link.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    await page.goto(link.pathname + link.search);
    await reset.newPassword.fill('a brand new secret');
    await reset.setPassword.click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, 'a brand new secret');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('email verification through the outbox mail', async ({ signedInPage: page, user }) => {
    const settings = new SettingsPage(page);
    await settings.goto();
    await expect(settings.profile.getByText('Not verified')).toBeVisible();
    await settings.profile.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(settings.profile.getByText('Verification email sent')).toBeVisible();

    const link = await latestLink(user.email, '/verify-email');
    await page.goto(link.pathname + link.search);
    await expect(page.getByText('Your email is verified.')).toBeVisible();

    await settings.goto();
    await expect(settings.profile.getByText('Verified', { exact: true })).toBeVisible();
    await expect(settings.profile.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);
  });
});

test.describe('sessions (issue 3)', () => {
  test('changing the password signs out the other sessions', async ({ page, browser, user, baseURL }) => {
    // The other device signed in first, through the form.
    const otherContext = await browser.newContext({ baseURL });
    const other = await otherContext.newPage();
    const otherLogin = new LoginPage(other);
    await otherLogin.goto();
    await otherLogin.signIn(user.email, user.password);
    await expect(other).toHaveURL(/\/dashboard$/);

    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const settings = new SettingsPage(page);
    await settings.goto();
    await settings.changePassword(user.password, 'another good secret');
    await expect(
      settings.password.getByText('Password changed. Other sessions were signed out.'),
    ).toBeVisible();

    // The other device's next API call answers 401, which sends it to /login.
    await new AppLayout(other).settingsButton.click();
    await expect(other).toHaveURL(/\/login$/, { timeout: 15_000 });
    await otherContext.close();

    // This device kept its session: it stored the new one the server handed back.
    await page.reload();
    await expect(settings.profile.getByText(user.email)).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);
  });

  test('signing out ends the session and revokes the refresh token', async ({
    signedInPage: page,
    request,
  }) => {
    const layout = new AppLayout(page);
    await page.goto('/dashboard');
    await expect(layout.logoutButton).toBeVisible();
    const stored = await page.evaluate(() => window.localStorage.getItem('healthfolio.session'));
    const { refreshToken } = JSON.parse(stored ?? '{}') as { refreshToken: string };

    await layout.logout();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('healthfolio.session'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    const refresh = await request.post('/api/identity/refresh', {
      data: { refreshToken },
      headers: clientAddress(),
    });
    expect(refresh.status()).toBe(401);
  });

  test('the access token is refreshed 5 minutes before it expires', async ({
    page,
    playwright,
  }, testInfo) => {
    test.setTimeout(120_000);
    // A second server whose access tokens last 305 s: the refresh is due 5 s after signing in.
    const server = await startExtraServer({
      dataDir: path.resolve(testInfo.outputDir, 'server-data'),
      env: { E2E_ACCESS_TOKEN_TTL_SECONDS: '305' },
    });
    try {
      const api = await playwright.request.newContext({ baseURL: server.baseURL });
      const persona = newPersona();
      const signup = await api.post('/api/identity/signup', { data: persona });
      expect(signup.status(), await signup.text()).toBe(201);
      expect(((await signup.json()) as { data: SessionData }).data.expiresIn).toBe(305);
      await api.dispose();

      const refreshes: { at: number; request: Request }[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/identity/refresh'))
          refreshes.push({ at: Date.now(), request });
      });
      const login = new LoginPage(page);
      await page.goto(`${server.baseURL}/login`);
      const signedInAt = Date.now();
      await login.signIn(persona.email, persona.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      const firstToken = await accessToken(page);

      await expect.poll(() => refreshes.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
      const [first] = refreshes;
      const delay = (first?.at ?? 0) - signedInAt;
      expect(delay).toBeGreaterThan(3_000);
      expect(delay).toBeLessThan(15_000);
      expect((await first?.request.response())?.status()).toBe(200);
      await expect.poll(() => accessToken(page)).not.toBe(firstToken);

      // The new token lasts 305 s again, so the next refresh follows about 5 s later: the tab keeps going.
      await expect.poll(() => refreshes.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      // Checked before leaving the page: a refresh in flight when the tab navigates is cancelled by the browser.
      expect(refreshes.every(({ request }) => request.failure() === null)).toBe(true);
      await page.goto(`${server.baseURL}/settings`);
      await expect(new SettingsPage(page).profile.getByText(persona.email)).toBeVisible();
    } finally {
      await server.stop();
    }
  });
});

async function accessToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => window.localStorage.getItem('healthfolio.session'));
  return (JSON.parse(stored ?? '{}') as { accessToken?: string }).accessToken ?? '';
}
