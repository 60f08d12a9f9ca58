import fs from 'node:fs/promises';
import { clientAddress, expect, isolatedTest, login, test, type TestUser } from './fixtures';
import { AppLayout, DashboardPage, LoginPage, SettingsPage } from './pages';
import type { APIRequestContext } from '@playwright/test';

// These tests walk whole flows (several sign-ins, mails, downloads): more time than a page check.
test.describe.configure({ timeout: 60_000 });

async function bearer(request: APIRequestContext, user: TestUser) {
  const { accessToken } = await login(request, user);
  return { authorization: `Bearer ${accessToken}`, ...clientAddress() };
}

test.describe('the settings page (issue 3 item 6)', () => {
  test('shows the profile and saves a new name', async ({ signedInPage: page, user }) => {
    const settings = new SettingsPage(page);
    await settings.goto();
    await expect(settings.profile.getByLabel('Name')).toHaveValue(user.name);
    await expect(settings.profile.getByText(user.email)).toBeVisible();
    await settings.saveName('Ada King');
    await expect(settings.saved).toBeVisible();
    await page.reload();
    await expect(settings.profile.getByLabel('Name')).toHaveValue('Ada King');
  });

  test('a toggled setting is saved to the server and still toggled after a reload', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    const settings = new SettingsPage(page);
    await settings.goto();
    // SPEC §3 defaults.
    await expect(settings.switch('Insight alerts')).toBeChecked();
    await expect(settings.switch('Anonymize my data')).not.toBeChecked();
    // There are no public profiles: the switch is not offered, and the page says so.
    await expect(settings.privacy.getByRole('switch', { name: /Public profile/ })).toHaveCount(0);
    await expect(settings.privacy).toContainText('Healthfolio has no public profiles');
    await expect(settings.switch('Share my health score')).toBeChecked();

    await settings.switch('Insight alerts').click();
    await expect(settings.saved).toBeVisible();
    await settings.switch('Anonymize my data').click();
    await settings.choose('Sign out after inactivity', '30 minutes');
    await settings.dataSharing.getByLabel('Provider name').fill('Dr. Grace Hopper');
    await settings.dataSharing.getByRole('button', { name: 'Add provider' }).click();
    await expect(settings.dataSharing.getByRole('button', { name: 'Dr. Grace Hopper' })).toBeVisible();
    await settings.choose('Units', 'Imperial (lb, in, mi)');
    await expect(settings.saved).toBeVisible();

    await page.reload();
    await expect(settings.switch('Insight alerts')).not.toBeChecked();
    await expect(settings.switch('Anonymize my data')).toBeChecked();
    await expect(page.getByLabel('Sign out after inactivity')).toHaveValue('30');
    await expect(page.getByLabel('Units')).toHaveValue('imperial');
    await expect(settings.dataSharing.getByRole('button', { name: 'Dr. Grace Hopper' })).toBeVisible();

    const res = await request.get('/api/settings', { headers: await bearer(request, user) });
    const { data } = (await res.json()) as {
      data: {
        notifications: { insightAlerts: boolean };
        privacy: { anonymizeData: boolean; autoSignOutMinutes: number };
        dataSharing: { allowedProviders: string[] };
        preferences: { units: string };
      };
    };
    expect(data.notifications.insightAlerts).toBe(false);
    expect(data.privacy).toMatchObject({ anonymizeData: true, autoSignOutMinutes: 30 });
    expect(data.dataSharing.allowedProviders).toEqual(['Dr. Grace Hopper']);
    expect(data.preferences.units).toBe('imperial');
  });

  test('@theme the theme preference applies at once and follows the user', async ({
    signedInPage: page,
    themeMode,
  }) => {
    const settings = new SettingsPage(page);
    const layout = new AppLayout(page);
    await settings.goto();
    const other = themeMode === 'light' ? 'dark' : 'light';
    await expect(page.getByLabel('Theme')).toHaveValue(themeMode);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const before = await background();

    await settings.choose('Theme', other === 'dark' ? 'Dark' : 'Light');
    await expect(layout.themeToggle).toHaveAccessibleName(`Switch to ${themeMode} mode`);
    expect(await background()).not.toBe(before);
    await expect(settings.saved).toBeVisible();

    // Another device (no theme stored locally) gets it from the profile.
    await page.evaluate(() => window.localStorage.removeItem('healthfolio.theme'));
    await page.reload();
    await expect(page.getByLabel('Theme')).toHaveValue(other);
    await expect(layout.themeToggle).toHaveAccessibleName(`Switch to ${themeMode} mode`);
  });

  test("the browser's time zone is stored on sign-in when none is set", async ({
    signedInPage: page,
    request,
    user,
  }) => {
    await page.goto('/dashboard');
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const headers = await bearer(request, user);
    await expect
      .poll(async () => {
        const res = await request.get('/api/settings', { headers });
        return ((await res.json()) as { data: { preferences: { timeZone?: string } } }).data.preferences
          .timeZone;
      })
      .toBe(zone);
    const settings = new SettingsPage(page);
    await settings.goto();
    await expect(page.getByLabel('Time zone')).toHaveValue(zone);
  });

  test('a wrong current password and a short new one are refused with their messages', async ({
    signedInPage: page,
  }) => {
    const settings = new SettingsPage(page);
    await settings.goto();
    await settings.changePassword('not my password', 'another good secret');
    await expect(settings.password.getByRole('alert')).toHaveText('Incorrect password');
    await settings.changePassword('correct horse battery', 'short');
    await expect(settings.password.getByRole('alert')).toHaveText('Password should be at least 6 characters');
    // Neither attempt ended the session.
    await page.reload();
    await expect(settings.heading).toBeVisible();
  });

  test('security activity lists the account’s events, with "Load more"', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    // The sign-up and the fixture's sign-in are two events; 20 more sign-ins make a second page.
    const address = clientAddress();
    for (let i = 0; i < 20; i++) {
      const res = await request.post('/api/identity/login', {
        data: { email: user.email, password: user.password },
        headers: address,
      });
      expect(res.status()).toBe(200);
    }
    const settings = new SettingsPage(page);
    await settings.goto();
    const list = settings.securityActivity.getByRole('list', { name: 'Security activity' });
    const items = list.getByRole('listitem');
    await expect(items).toHaveCount(20);
    await expect(items.first()).toContainText('Signed in');
    await expect(items.first()).toContainText(address['x-forwarded-for'] ?? '');
    await settings.securityActivity.getByRole('button', { name: 'Load more' }).click();
    await expect(items).toHaveCount(22);
    await expect(items.last()).toContainText('Account created');
    await expect(settings.securityActivity.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test('"Export my data" downloads a JSON file with the profile', async ({ signedInPage: page, user }) => {
    const settings = new SettingsPage(page);
    await settings.goto();
    const download = await settings.exportData('JSON');
    expect(download.suggestedFilename()).toMatch(/^healthfolio-export-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const exported = JSON.parse(await fs.readFile(file, 'utf8')) as { profile: { email: string } };
    expect(exported.profile.email).toBe(user.email);

    const zip = await settings.exportData('CSV (zip)');
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    const bytes = await fs.readFile(await zip.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await expect(settings.securityActivity.getByText('Data exported').first()).toBeVisible();
  });

  test('deleting the account asks for the email, names what is lost, and the account is gone', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    const settings = new SettingsPage(page);
    await settings.goto();
    await settings.yourData.getByRole('button', { name: 'Delete account' }).click();
    const dialog = settings.deleteDialog;
    await expect(dialog).toContainText('your profile and settings');
    await expect(dialog).toContainText('all your health data and connected sources');
    await expect(dialog).toContainText('the files you uploaded');
    await expect(dialog).toContainText('This cannot be undone.');
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type your email to confirm').fill('someone@example.com');
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await settings.deleteAccount(user.email);
    await expect(page).toHaveURL(/\/login$/);

    const login = new LoginPage(page);
    await login.signIn(user.email, user.password);
    await expect(login.errorAlert).toHaveText('Incorrect email or password');
    const res = await request.post('/api/identity/login', {
      data: { email: user.email, password: user.password },
      headers: clientAddress(),
    });
    expect(res.status()).toBe(401);
  });

  // The page's installed clock cannot be taken back out of a kept tab: a context of its own.
  isolatedTest(
    'with "Sign out after inactivity" set, an idle session ends at /login',
    async ({ signedInPage: page, request, user }) => {
      const put = await request.put('/api/settings', {
        data: { privacy: { autoSignOutMinutes: 15 } },
        headers: await bearer(request, user),
      });
      expect(put.status()).toBe(200);
      await page.clock.install();
      // The layout shows before the profile (with the setting) arrives; the idle clock starts with it.
      const profile = page.waitForResponse((r) => r.url().endsWith('/api/auth/me') && r.ok());
      await page.goto('/dashboard');
      await profile;
      await expect(new AppLayout(page).logoutButton).toBeVisible();
      // The idle clock is armed once the layout has the profile (it records the start in storage), and the
      // page has loaded: a page chunk still loading when the clock jumps 14 minutes would count as failed.
      await expect
        .poll(() => page.evaluate(() => window.localStorage.getItem('healthfolio.lastActivity')))
        .not.toBeNull();
      await expect(new DashboardPage(page).heading).toBeVisible();
      await page.clock.fastForward('14:00');
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.clock.fastForward('01:05');
      await expect(page).toHaveURL(/\/login$/);
    },
  );
});
