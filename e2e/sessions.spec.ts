import { expect, test } from './fixtures';
import { AppLayout, LoginPage, SettingsPage } from './pages';

/** The other device: a laptop with Firefox on Windows, so its row is told apart from this browser's. */
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

test.describe('Settings → Sessions (issue 24)', () => {
  // Two browsers each sign in with a password (a deliberately slow hash): on CI's loaded 2-core machine the
  // first test took 29–31 s of the default 30. The limit is for a hang, not for speed.
  test.describe.configure({ timeout: 90_000 });
  test('ends another session, which is signed out at once', async ({ page, browser, user, baseURL }) => {
    const otherContext = await browser.newContext({ baseURL, userAgent: FIREFOX_WINDOWS });
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
    const sessions = page.getByRole('region', { name: 'Sessions', exact: true });
    const list = sessions.getByRole('list', { name: 'Sessions' });
    // Three: sign-up (the test's set-up, through the API), the other device, and this one.
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByText('This device')).toHaveCount(1);
    await expect(list.getByText('Firefox on Windows')).toBeVisible();

    await sessions.getByRole('button', { name: /^End session: Firefox on Windows/ }).click();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByText('Firefox on Windows')).toHaveCount(0);

    // The other device's next API call answers 401 — its access token stopped with the session.
    await new AppLayout(other).settingsButton.click();
    await expect(other).toHaveURL(/\/login$/, { timeout: 15_000 });
    await otherContext.close();

    // This device is still signed in.
    await page.reload();
    await expect(settings.profile.getByText(user.email)).toBeVisible({ timeout: 20_000 });
  });

  test('signs out everywhere, this device included', async ({ signedInPage: page }) => {
    const settings = new SettingsPage(page);
    await settings.goto();
    const sessions = page.getByRole('region', { name: 'Sessions', exact: true });
    await expect(sessions.getByRole('list', { name: 'Sessions' }).getByText('This device')).toBeVisible();
    await sessions.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
  });
});
