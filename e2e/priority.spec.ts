import type { APIRequestContext } from '@playwright/test';
import { clientAddress, expect, login, test, type TestUser } from './fixtures';
import { SettingsPage } from './pages';

interface Priorities {
  type: string;
  customized: boolean;
  order: { source: string; device: string | null; rank: number; tier: string }[];
}

async function bearer(request: APIRequestContext, user: TestUser) {
  const { accessToken } = await login(request, user);
  return { authorization: `Bearer ${accessToken}`, ...clientAddress() };
}

async function priorities(request: APIRequestContext, headers: Record<string, string>, type: string) {
  const res = await request.get(`/api/metrics/priorities?type=${type}`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: Priorities }).data;
}

/*
 * The API writes only manual entries (source "manual", no device): other sources arrive through
 * imports and connections, which have no API yet. So the second stream here is a source the order
 * names before it has data (the server lists it all the same); the overlap merge itself is covered by
 * the server's tests of the priorities service.
 */
test.describe('source priority in Settings (issue 4 item 3)', () => {
  test('without data, the section says when priorities appear', async ({ signedInPage: page }) => {
    const settings = new SettingsPage(page);
    await settings.goto();
    await expect(settings.sourcePriority).toContainText(
      'Where two sources overlap, the higher one counts and the lower one only fills the gaps.',
    );
    await expect(
      settings.sourcePriority.getByText('Priorities appear once a metric has data from a source.'),
    ).toBeVisible();
    await expect(settings.sourcePriority.getByRole('button', { name: 'Save order' })).toHaveCount(0);
  });

  test('a stream moved up is saved, re-merges the metric and stays first after a reload', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    test.slow(); // API set-up, a save and a reload
    const headers = await bearer(request, user);
    // Noon (UTC) two days ago: both entries fall on one day in the browser's zone.
    const start = new Date(`${new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)}T12:00:00Z`);
    for (const [value, offset] of [
      [1200, 0],
      [800, 30 * 60_000],
    ] as const) {
      const res = await request.post('/api/metrics', {
        headers,
        data: {
          type: 'steps',
          value,
          start: new Date(start.getTime() + offset).toISOString(),
          end: new Date(start.getTime() + offset + 20 * 60_000).toISOString(),
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const put = await request.put('/api/metrics/priorities', {
      headers,
      data: { type: 'steps', order: [{ source: 'Garmin', device: 'Forerunner 265' }, { source: 'manual' }] },
    });
    expect(put.status(), await put.text()).toBe(200);

    const settings = new SettingsPage(page);
    await settings.goto();
    await expect(page.getByLabel('Metric', { exact: true })).toHaveValue('steps');
    const list = settings.priorityList('Steps');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').nth(0)).toContainText('1. Garmin');
    await expect(list.getByRole('listitem').nth(0)).toContainText('Forerunner 265');
    await expect(list.getByRole('listitem').nth(1)).toContainText('2. manual');
    const save = settings.sourcePriority.getByRole('button', { name: 'Save order' });
    await expect(save).toBeDisabled();
    await expect(
      settings.sourcePriority.getByRole('button', { name: 'Move Garmin (Forerunner 265) up' }),
    ).toBeDisabled();
    await expect(settings.sourcePriority.getByRole('button', { name: 'Move manual down' })).toBeDisabled();

    await settings.sourcePriority.getByRole('button', { name: 'Move manual up' }).click();
    await expect(list.getByRole('listitem').nth(0)).toContainText('1. manual');
    await expect(save).toBeEnabled();
    // After the save, the metrics queries are refetched: the dashboard's totals follow the new order.
    const refetch = page.waitForRequest(
      (r) => r.method() === 'GET' && r.url().includes('/api/metrics/summary'),
    );
    await save.click();
    await expect(settings.saved).toBeVisible();
    await refetch;
    await expect(save).toBeDisabled();

    const stored = await priorities(request, headers, 'steps');
    expect(stored.customized).toBe(true);
    expect(stored.order.map((s) => [s.source, s.device])).toEqual([
      ['manual', null],
      ['Garmin', 'Forerunner 265'],
    ]);
    // One stream with data: the day's total is still both entries.
    const summary = await request.get('/api/metrics/summary', { headers });
    const { data } = (await summary.json()) as {
      data: { items: { type: string; latest: { value: number } }[] };
    };
    expect(data.items.find((i) => i.type === 'steps')?.latest.value).toBe(2000);

    // A reload is a cold load: wait for the page as goto() does before reading the list.
    await page.reload();
    await settings.profile.waitFor();
    await expect(settings.priorityList('Steps').getByRole('listitem').nth(0)).toContainText('1. manual');
  });
});
