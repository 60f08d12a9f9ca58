// Issue 22: a phone is a first-class screen. Lab report review is a stepper of results, each under the
// region of the PDF it was read from; "why this number" reads as stacked rows, nothing clipped at 390 px.
import type { Locator } from '@playwright/test';
import { questReport } from './fixtures/report-pdfs';
import { expect as baseExpect, test } from './fixtures';
import { seedSamples } from './metrics-seed';
import { DashboardPage, SourcesPage } from './pages';

/** Reading a report runs in a worker on the server; a loaded machine may take a few seconds. */
const importTimeout = 20_000;
// The machine running the suite is shared and loaded: a first render, a lazy chunk, may take a while.
const expect = baseExpect.configure({ timeout: 20_000 });
const fileName = 'chen-quest-2026.pdf';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element has a box on the page').not.toBeNull();
  return found!;
}

test.describe('on a phone', () => {
  test.beforeEach(({ isMobile }) => {
    test.skip(!isMobile, 'the desktop keeps its table (reports.spec.ts)');
  });

  test('a lab report is reviewed through the stepper, its PDF region above each result', async ({
    signedInPage: page,
  }) => {
    test.slow(); // an upload, a read in a worker, a PDF drawn in the browser
    const viewport = page.viewportSize()!;
    expect(viewport.width).toBeLessThanOrEqual(412);
    const sources = new SourcesPage(page);
    await sources.goto();
    await sources.choose({ name: fileName, mimeType: 'application/pdf', buffer: await questReport() });
    await expect(sources.reviewButton).toHaveText('Review 4 results', { timeout: importTimeout });
    await sources.reviewButton.click();

    const dialog = page.getByRole('dialog', { name: `Review ${fileName}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('review-row')).toHaveCount(0);
    const step = dialog.getByTestId('review-step');
    const result = dialog.getByTestId('review-result');
    const highlight = dialog.getByTestId('region-highlight');
    const frame = dialog.getByTestId('pdf-frame');
    await expect(step).toHaveText('Result 1 of 4');
    await expect(result.getByRole('heading', { name: 'GLUCOSE' })).toBeVisible();
    await expect(result).toContainText('65–99');
    await expect(result).toContainText('High');

    // The page is drawn with the result's line boxed, in sight in the window above the result.
    await expect(dialog.getByRole('img', { name: `Page 1 of ${fileName}` })).toHaveAttribute(
      'data-page',
      '1',
      {
        timeout: importTimeout,
      },
    );
    await expect(highlight).toBeVisible();
    const inWindow = async () => {
      const [f, h] = [await box(frame), await box(highlight)];
      return h.y >= f.y - 1 && h.y + h.height <= f.y + f.height + 1;
    };
    await expect.poll(inWindow, { message: 'the GLUCOSE line is in the PDF window' }).toBe(true);
    expect((await box(frame)).y + (await box(frame)).height).toBeLessThanOrEqual((await box(result)).y + 1);
    // Nothing wider than the screen.
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth + 1)).toBe(true);

    // Correct, step on, leave one out, step back: each choice the table offers.
    const value = dialog.getByRole('textbox', { name: 'Value of GLUCOSE', exact: true });
    await expect(value).toHaveValue('105');
    await value.fill('one hundred');
    await expect(result).toContainText('Enter a number, or keep the printed “105”');
    await value.fill('101');
    await dialog.getByRole('button', { name: 'Next result' }).click();
    await expect(step).toHaveText('Result 2 of 4');
    await expect(result.getByRole('heading', { name: 'LDL-CHOLESTEROL' })).toBeVisible();
    await expect.poll(inWindow, { message: 'the LDL line is in the PDF window' }).toBe(true);
    await dialog.getByRole('button', { name: 'Next result' }).click();
    await dialog.getByRole('checkbox', { name: 'Leave out HDL CHOLESTEROL', exact: true }).check();
    await dialog.getByRole('button', { name: 'Next result' }).click();
    await expect(step).toHaveText('Result 4 of 4');
    await expect(result).toContainText('Not in catalogue — kept as custom');
    await expect(dialog.getByRole('button', { name: 'Next result' })).toBeDisabled();
    for (let i = 0; i < 3; i++) await dialog.getByRole('button', { name: 'Previous result' }).click();
    await expect(step).toHaveText('Result 1 of 4');
    await expect(dialog.getByRole('textbox', { name: 'Value of GLUCOSE', exact: true })).toHaveValue('101');
    await expect(dialog.getByRole('button', { name: 'Review later' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Discard', exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Download original PDF' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Save 3 results' }).click();
    await expect(dialog).toBeHidden();
    await expect(sources.result).toHaveText(/^Imported: 3 added, 0 already there, 0 rejected$/, {
      timeout: importTimeout,
    });
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await expect(dashboard.card('Glucose').getByTestId('metric-value')).toHaveText('101 mg/dL');
  });

  test('"why this number" reads as stacked rows, nothing clipped', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    // A day of steps entered by hand: one source to explain.
    await seedSamples(request, user, [{ type: 'steps', value: 4321, daysAgo: 1 }]);
    await page.goto('/metrics/steps?range=month');
    const values = page.getByRole('table', { name: 'Values', exact: true });
    await expect(values).toContainText('All your sources, merged');
    expect(await values.evaluate((t) => t.scrollWidth <= t.clientWidth + 1)).toBe(true);
    await values.getByRole('button', { name: 'Why this number?' }).first().click();
    const why = page.getByRole('dialog', { name: /^Why this number\? Steps/ });
    const table = why.getByRole('table', { name: 'Contributions by source' });
    const row = table.getByRole('row', { name: /Entered by you/ });
    await expect(row).toBeVisible();
    // Each figure on its own line, labelled, all inside the screen.
    for (const label of ['Counted', 'Share', 'Time counted', 'On its own']) {
      const cell = row.locator(`td[data-label="${label}"]`);
      await expect(cell).toBeVisible();
      const b = await box(cell);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
    await expect(row.locator('td[data-label="Counted"]')).toContainText('4,321');
    await expect(row.locator('td[data-label="Share"]')).toContainText('100 %');
    expect(await table.evaluate((t) => t.scrollWidth <= t.clientWidth + 1)).toBe(true);
  });
});
