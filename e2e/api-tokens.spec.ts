import { expect, test } from './fixtures';
import { seedSamples } from './metrics-seed';
import { AppLayout, SettingsPage } from './pages';

const DAY_MS = 86_400_000;
const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

test.describe('Settings → API access (issue 27)', () => {
  test('creates a token, copies it, reads metrics with it from a script, and revokes it', async ({
    signedInPage: page,
    request,
    user,
    context,
  }) => {
    test.slow(); // a whole flow: API set-up, create, copy, two script requests, a reload, revoke
    await seedSamples(request, user, [
      { type: 'weight', value: 70.2, unit: 'kg', daysAgo: 2 },
      { type: 'weight', value: 69.9, unit: 'kg', daysAgo: 1 },
    ]);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const settings = new SettingsPage(page);
    await settings.goto();
    const section = page.getByRole('region', { name: 'API access', exact: true });
    await expect(section.getByText('What an AI assistant can see')).toBeVisible();
    await expect(section.getByText('No API tokens yet.')).toBeVisible();

    await section.getByLabel('Token name').fill('Weight notebook');
    await expect(section.getByLabel('Read metrics and the summary')).toBeChecked();
    await section.getByRole('button', { name: 'Create token' }).click();

    const shown = (await section.getByLabel('New API token').textContent()) ?? '';
    expect(shown).toMatch(/^hf_pat_[A-Za-z0-9_-]{43}$/);
    await section.getByRole('button', { name: 'Copy token' }).click();
    await expect(section.getByText('Copied to the clipboard.')).toBeVisible();
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token).toBe(shown);

    // What a curl in a notebook does: GET /api/metrics with the token as a bearer credential.
    const url = `/api/metrics?type=weight&bucket=day&from=${isoDay(3)}&to=${isoDay(0)}&tz=UTC`;
    const read = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
    expect(read.status(), await read.text()).toBe(200);
    const body = (await read.json()) as { data: { unit: string; items: { avg: number }[] } };
    expect(body.data.unit).toBe('kg');
    expect(body.data.items.map((i) => i.avg)).toEqual([70.2, 69.9]);
    const write = await request.post('/api/metrics', {
      headers: { authorization: `Bearer ${token}` },
      data: { type: 'weight', value: 69.5, start: new Date().toISOString() },
    });
    expect(write.status()).toBe(403);

    const item = section.getByRole('article', { name: 'API token Weight notebook' });
    await expect(item.getByText('Read metrics and the summary')).toBeVisible();
    await section.getByRole('button', { name: 'Close' }).click();
    await expect(section.getByLabel('New API token')).toHaveCount(0);
    // Away and back: the list is read again and shows the script's use.
    const layout = new AppLayout(page);
    await expect(async () => {
      await layout.navigateTo('Dashboard');
      await layout.settingsButton.click();
      await expect(item.getByText(/last used/)).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 45_000 });

    await item.getByRole('button', { name: 'Revoke' }).click();
    await expect(section.getByText('No API tokens yet.')).toBeVisible();
    const after = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
  });
});
