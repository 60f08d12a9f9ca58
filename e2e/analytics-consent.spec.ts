// Issue 22 (SPEC §9): a person who allowed page-view counting withdraws it in Settings → Privacy; from then
// on nothing reaches the collector — not on the open page, not after a reload — and the banner does not ask
// again.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  clientAddress,
  expect as baseExpect,
  newPersona,
  test,
  toStoredSession,
  type SessionData,
} from './fixtures';
import { startExtraServer } from './second-server';

test.describe.configure({ timeout: 120_000 });
// The machine running the suite is shared and loaded: a first render, a lazy chunk, may take a while.
const expect = baseExpect.configure({ timeout: 20_000 });

test('analytics consent is withdrawn in Settings, and the collector hears nothing more', async ({
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
    env: { ANALYTICS_MEASUREMENT_ID: 'G-E2EWITHDRAW', ANALYTICS_COLLECT_URL: collectUrl },
  });
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const res = await context.request.post(`${server.baseURL}/api/identity/signup`, {
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
    const page = await context.newPage();

    await page.goto('/settings');
    const banner = page.getByRole('region', { name: 'Count page views?' });
    await banner.getByRole('button', { name: 'Allow' }).click();
    await expect(banner).toHaveCount(0);
    await expect.poll(() => hits.length).toBe(1);

    const privacy = page.getByRole('region', { name: 'Privacy' });
    const setting = privacy.getByRole('region', { name: 'Page-view counting' });
    await expect(setting).toContainText('You allowed');
    await setting.getByRole('button', { name: 'Withdraw consent' }).click();
    await expect(setting).toContainText('Nothing is sent');
    await expect(setting.getByRole('button', { name: 'Allow page-view counting' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('healthfolio.analytics-consent'))).toBe('denied');
    expect(await page.evaluate(() => sessionStorage.getItem('healthfolio.analytics-cid'))).toBeNull();

    // The open app stops at once: a page opened inside it sends no view.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/goals');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/goals$/);
    await page.waitForLoadState('networkidle');
    // And a fresh load neither asks again nor loads the page-view code.
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(r.url()));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_000);
    await expect(banner).toHaveCount(0);
    expect(loaded.filter((url) => /page-views/.test(url))).toEqual([]);
    expect(hits.length).toBe(1);
  } finally {
    await context.close();
    await server.stop();
    await new Promise<void>((resolve) => collector.close(() => resolve()));
  }
});
