import { clientAddress, expect, login, test } from './fixtures';
import { seedSamples } from './metrics-seed';
import { SettingsPage } from './pages';

test.describe('Sharing with a clinician (issue 23)', () => {
  test('creates a share, a stranger opens it without an account, then it is revoked and refused in words', async ({
    signedInPage: page,
    request,
    user,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { accessToken } = await login(request, user);
    const put = await request.put('/api/settings', {
      data: { privacy: { shareWithProviders: true } },
      headers: { authorization: `Bearer ${accessToken}`, ...clientAddress() },
    });
    expect(put.status(), await put.text()).toBe(200);
    await seedSamples(request, user, [{ type: 'steps', value: 8123, daysAgo: 1 }]);

    const settings = new SettingsPage(page);
    await settings.goto();
    const sharing = page.getByRole('region', { name: 'Sharing', exact: true });
    await sharing.getByLabel('Recipient').fill('Dr. Rivera');
    await expect(sharing.getByRole('checkbox', { name: 'Activity', exact: true })).toBeChecked();
    await sharing.getByRole('button', { name: 'Create share' }).click();
    const link = sharing.getByLabel('Share link');
    await expect(link).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
    const url = await link.inputValue();

    // The clinician: a fresh browser, no account, no stored session.
    const clinic = await browser.newContext();
    const stranger = await clinic.newPage();
    const started = Date.now();
    const response = await stranger.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-store');
    await expect(
      stranger.getByRole('heading', { level: 1, name: 'Health summary of Ada Lovelace' }),
    ).toBeVisible();
    const activity = stranger.getByRole('region', { name: 'Activity' });
    await expect(activity.getByRole('rowheader', { name: 'Steps' })).toBeVisible();
    await expect(activity).toContainText('8,123');
    const cold = Date.now() - started;
    const warmStart = Date.now();
    await stranger.reload();
    await expect(activity).toContainText('8,123');
    const warm = Date.now() - warmStart;
    test
      .info()
      .annotations.push({ type: 'share page load (ms)', description: `first ${cold}, again ${warm}` });
    console.log(`share page load: first ${cold} ms, again ${warm} ms`);
    await expect(stranger.getByRole('region', { name: 'Lab results' })).toBeVisible();
    await expect(stranger.getByRole('region', { name: 'Clinical summary' })).toHaveCount(0);

    const item = sharing.getByRole('article', { name: 'Share with Dr. Rivera' });
    await page.reload();
    // Opened twice: the first load and the reload.
    await expect(item).toContainText('Opened 2 times', { timeout: 20_000 });
    await item.getByRole('button', { name: 'Revoke' }).click();
    await expect(item).toContainText('Revoked');

    const after = await stranger.goto(url);
    expect(after?.status()).toBe(410);
    await expect(
      stranger.getByRole('heading', { level: 1, name: 'This share is no longer available' }),
    ).toBeVisible();
    await expect(stranger.getByText('This share was revoked by the person who made it.')).toBeVisible();
    await clinic.close();
  });
});
