import { randomUUID } from 'node:crypto';
import { clientAddress, expect, login, test, toStoredSession } from './fixtures';
import { seedSamples } from './metrics-seed';
import { latestLink } from './outbox';
import { DashboardPage, SettingsPage } from './pages';

test.describe('Caregivers (issue 23)', () => {
  test('a person invites a caregiver, who accepts, views their Dashboard, and loses it at revocation', async ({
    signedInPage: page,
    request,
    user,
    browser,
  }) => {
    // Two accounts in two browsers, each through Settings twice: more than one page's worth of time.
    test.setTimeout(150_000);
    await seedSamples(request, user, [{ type: 'weight', value: 64.2, unit: 'kg', daysAgo: 1 }]);

    // Ben, the caregiver: his own account, in his own browser (the same screen size as this project's).
    const ben = {
      email: `ben+${randomUUID().slice(0, 8)}@example.com`,
      password: 'correct horse battery',
      name: 'Ben Carter',
    };
    const signup = await request.post('/api/identity/signup', { data: ben, headers: clientAddress() });
    expect(signup.status(), await signup.text()).toBe(201);
    const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = test.info().project.use;
    const benContext = await browser.newContext({
      ...(viewport ? { viewport } : {}),
      ...(userAgent ? { userAgent } : {}),
      ...(deviceScaleFactor ? { deviceScaleFactor } : {}),
      ...(isMobile !== undefined ? { isMobile } : {}),
      ...(hasTouch !== undefined ? { hasTouch } : {}),
      ...(baseURL ? { baseURL } : {}),
    });
    const benSession = toStoredSession(await login(request, ben));
    await benContext.addInitScript((stored) => {
      if (!window.localStorage.getItem('healthfolio.session'))
        window.localStorage.setItem('healthfolio.session', stored);
    }, JSON.stringify(benSession));
    const benPage = await benContext.newPage();

    // Ben's address is verified (set-up through the API: invitations go only to a verified address).
    const benAuth = { authorization: `Bearer ${benSession.accessToken}`, ...clientAddress() };
    const send = await request.post('/api/identity/verification/send', { headers: benAuth });
    expect(send.status(), await send.text()).toBe(200);
    const verify = await latestLink(ben.email, '/verify-email');
    const confirm = await request.post('/api/identity/verification/confirm', {
      data: { code: verify.searchParams.get('code') },
      headers: clientAddress(),
    });
    expect(confirm.status(), await confirm.text()).toBe(200);
    const benSettings = new SettingsPage(benPage);

    // Ada invites Ben to view her metrics.
    const settings = new SettingsPage(page);
    await settings.goto();
    const caregivers = page.getByRole('region', { name: 'Caregivers', exact: true });
    await caregivers.getByLabel(/Caregiver’s email/).fill(ben.email);
    await expect(
      caregivers.getByRole('checkbox', { name: 'View metrics (dashboard, charts, health score)' }),
    ).toBeChecked();
    await expect(caregivers.getByRole('checkbox', { name: 'View lab results' })).not.toBeChecked();
    await caregivers.getByRole('button', { name: 'Invite caregiver' }).click();
    await expect(caregivers.getByText(`Invitation sent to ${ben.email}.`, { exact: false })).toBeVisible();
    // Named by the address until accepted, then by the caregiver's name and address.
    const given = caregivers.getByRole('article', { name: ben.email });
    await expect(given).toContainText('Invitation sent');

    // Ben accepts in his Settings.
    await benSettings.goto();
    const benCaregivers = benPage.getByRole('region', { name: 'Caregivers', exact: true });
    const invitation = benCaregivers.getByRole('article', { name: `${user.name} (${user.email})` });
    await expect(invitation).toContainText('View metrics (dashboard, charts, health score)');
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await expect(invitation).toContainText('Active');

    // He switches to Ada's data: her Dashboard, her weight, and it says whose data it is.
    const switcher = benPage.getByRole('button', { name: 'Viewing: Me' });
    await switcher.click();
    await benPage.getByRole('menuitem', { name: new RegExp(user.name) }).click();
    await expect(benPage).toHaveURL(/\/dashboard$/);
    await expect(benPage.getByRole('button', { name: `Viewing: ${user.name}` })).toBeVisible();
    const banner = benPage.getByText(`You are viewing ${user.name}’s data as their caregiver.`, {
      exact: false,
    });
    await expect(banner).toBeVisible();
    const dashboard = new DashboardPage(benPage);
    await expect(dashboard.heading).toHaveText(`${user.name}’s dashboard`);
    await expect(dashboard.main).toContainText('64.2 kg', { timeout: 20_000 });
    // The Clinical records tab is not part of his grant, and says so.
    await dashboard.main.getByRole('tab', { name: 'Clinical records' }).click();
    await expect(
      dashboard.main.getByText(`${user.name} has not allowed you to view their clinical records.`),
    ).toBeVisible();

    // His Settings stay his own while he views Ada's data.
    await benPage.getByRole('button', { name: 'Settings' }).click();
    await expect(
      benPage.getByText('Settings are your own: everything on this page is yours.', { exact: false }),
    ).toBeVisible();
    await benPage.goBack();
    await dashboard.main.getByRole('tab', { name: 'Metrics' }).click();
    await expect(dashboard.main).toContainText('64.2 kg', { timeout: 20_000 });

    // Ada revokes; Ben's next look is his own data, and he is told why.
    await settings.goto();
    await expect(given).toContainText(`Caregiver ${ben.name} (${ben.email})`);
    await expect(given).toContainText('Active');
    await given.getByRole('button', { name: 'Revoke' }).click();
    await expect(given).toContainText('Revoked');
    await benPage.reload();
    await expect(
      benPage.getByText(`Your access to ${user.name}’s data has ended`, { exact: false }),
    ).toBeVisible();
    await expect(benPage.getByRole('button', { name: /^Viewing:/ })).toHaveCount(0);
    await expect(banner).toHaveCount(0);
    await expect(dashboard.main).not.toContainText('64.2 kg');

    // Ada's security activity shows the access.
    await expect(settings.securityActivity).toContainText('A caregiver viewed or changed your data');
    await benContext.close();
  });
});
