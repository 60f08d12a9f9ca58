import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { SourcesPage } from './pages';
import { clientAddress, expect, login, test } from './fixtures';

/** Ben's Dexcom Clarity export: three metadata rows, then 30 glucose readings five minutes apart. */
const clarityCsv = fileURLToPath(new URL('./fixtures/dexcom-clarity.csv', import.meta.url));

/** The import runs in the background; a loaded machine may take a few seconds. */
const importTimeout = 20_000;

/**
 * A 3 KB upload is over before anyone (or any assertion) sees it: hold the server's answer a moment so
 * the upload state stays on screen, as it does for a real export.
 */
async function slowUploads(page: Page) {
  await page.route('**/api/imports', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
}

test.describe('importing a file on Sources', () => {
  test('a Dexcom Clarity export is imported once, then recognised as already there @theme', async ({
    signedInPage: page,
  }) => {
    test.slow(); // two uploads, each followed to its end
    const sources = new SourcesPage(page);
    await slowUploads(page);
    await sources.goto();
    await expect(sources.history).toContainText('No imports yet — drop an export file above');
    await expect(sources.importSection).toContainText('Dexcom Clarity');

    await sources.choose(clarityCsv);
    await expect(sources.importSection).toContainText(/Uploading dexcom-clarity\.csv — \d+ %/);
    await expect(sources.uploadProgress).toBeVisible();
    await expect(sources.result).toHaveText('Imported: 30 added, 0 already there, 0 rejected', {
      timeout: importTimeout,
    });
    await expect(sources.uploadProgress).toBeHidden();
    // The export names Ben Carter, and the signed-in user is Ada: kept, with a warning.
    await expect(sources.importCard.getByRole('alert').filter({ hasText: 'Ben Carter' })).toBeVisible();

    await expect(sources.historyItems).toHaveCount(1);
    const first = sources.historyItems.first();
    await expect(first).toContainText('dexcom-clarity.csv');
    await expect(first).toContainText('Dexcom Clarity');
    await expect(first).toContainText('Imported');
    await expect(first).toContainText('30 added, 0 already there, 0 rejected');

    await sources.choose(clarityCsv);
    await expect(sources.result).toHaveText('Imported: 0 added, 30 already there, 0 rejected', {
      timeout: importTimeout,
    });
    await expect(sources.historyItems).toHaveCount(2);
    await expect(sources.historyItems.first()).toContainText('0 added, 30 already there');
    await expect(sources.historyItems.nth(1)).toContainText('30 added, 0 already there');
  });

  test('a file in no format we read is refused, naming the formats we read', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    const { accessToken } = await login(request, user);
    const res = await request.get('/api/imports/formats', {
      headers: { authorization: `Bearer ${accessToken}`, ...clientAddress() },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { formats } = ((await res.json()) as { data: { formats: { label: string }[] } }).data;
    expect(formats.length).toBeGreaterThan(0);

    const sources = new SourcesPage(page);
    await sources.goto();
    await expect(sources.history).toContainText('No imports yet');
    await sources.choose({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(`Things to ask the doctor\n${randomBytes(48).toString('base64')}\n`),
    });
    await expect(sources.refusal).toBeVisible();
    await expect(sources.refusal).toContainText('not in a format we can import');
    for (const { label } of formats) await expect(sources.refusal).toContainText(label);
    // Nothing else changes: no import card, the history still empty, the drop zone ready again.
    await expect(sources.importCard).toHaveCount(0);
    await expect(sources.history).toContainText('No imports yet');
    await expect(sources.chooseButton).toBeEnabled();
  });
});
