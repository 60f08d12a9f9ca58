import type { Locator } from '@playwright/test';
import { DashboardPage, ReportReviewDialog, SourcesPage } from './pages';
import { questReport, scannedReport } from './fixtures/report-pdfs';
import { expect, test } from './fixtures';

/** Reading a report runs in a worker on the server; a loaded machine may take a few seconds. */
const importTimeout = 20_000;
const fileName = 'chen-quest-2026.pdf';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element has a box on the page').not.toBeNull();
  return found!;
}

test.describe('lab reports: review before saving', () => {
  test("Chen's Quest report is reviewed against its page, corrected, saved, and shown on the Dashboard @theme", async ({
    signedInPage: page,
    isMobile,
  }) => {
    // A phone reviews one result at a time: e2e/phone-review.spec.ts.
    test.skip(isMobile, 'the review table is a stepper on a phone');
    test.slow(); // an upload, a read in a worker, a PDF drawn in the browser, then the Dashboard
    const sources = new SourcesPage(page);
    await sources.goto();
    await expect(sources.importSection).toContainText('lab or DEXA PDF');
    await sources.choose({ name: fileName, mimeType: 'application/pdf', buffer: await questReport() });

    await expect(sources.reviewButton).toHaveText('Review 4 results', { timeout: importTimeout });
    await expect(sources.importCard).toContainText('Nothing is saved until you do.');
    await sources.reviewButton.click();

    const review = new ReportReviewDialog(page, fileName);
    await expect(review.dialog).toBeVisible();
    await expect(review.dialog).toContainText('Quest Diagnostics · Nov 12, 2026');
    await expect(review.rows).toHaveCount(4);
    await expect(review.row('GLUCOSE')).toContainText('65–99');
    await expect(review.row('GLUCOSE')).toContainText('High');
    await expect(review.value('GLUCOSE')).toHaveValue('105');
    await expect(review.unit('GLUCOSE')).toHaveValue('mg/dL');
    await expect(review.row('LDL-CHOLESTEROL')).toContainText('High');
    await expect(review.value('HDL CHOLESTEROL')).toHaveValue('52');
    await expect(review.row('OMEGA-3 INDEX')).toContainText('Not in catalogue — kept as custom');

    // The page the first result came from, drawn, with its line boxed.
    await expect(review.pageCanvas).toHaveAttribute('data-page', '1', { timeout: importTimeout });
    await expect(review.pageNumber).toHaveText('Page 1 of 1');
    await expect(review.highlight).toBeVisible();
    const canvas = await box(review.pageCanvas);
    const boxed = await box(review.highlight);
    expect(boxed.x).toBeGreaterThanOrEqual(canvas.x);
    expect(boxed.x + boxed.width).toBeLessThanOrEqual(canvas.x + canvas.width + 1);
    // How far down the page the box sits; the page may be redrawn once as the view settles its width.
    const place = async () => {
      const drawn = await box(review.pageCanvas);
      return ((await box(review.highlight)).y - drawn.y) / drawn.height;
    };
    // Glucose is printed at y ≈ 159 pt of the Letter page's 792, LDL one 18 pt line below; the box is
    // padded by a few pixels. (Click first: a row under the resting pointer counts as hovered.)
    await review.row('GLUCOSE').click();
    await expect.poll(place, { message: 'the box frames the Glucose line' }).toBeCloseTo(0.197, 2);
    await review.row('LDL-CHOLESTEROL').hover();
    await expect.poll(place, { message: 'the box follows the row' }).toBeCloseTo(0.219, 2);

    // A correction must be a number, or keep what was printed.
    await review.correct('GLUCOSE', 'one hundred');
    await expect(review.row('GLUCOSE')).toContainText('Enter a number, or keep the printed “105”');
    await review.correct('GLUCOSE', '101');
    await expect(review.row('GLUCOSE')).not.toContainText('Enter a number');
    await review.saveButton(4).click();
    await expect(review.dialog).toBeHidden();

    await expect(sources.result).toHaveText(/^Imported: 4 added, 0 already there, 0 rejected$/, {
      timeout: importTimeout,
    });
    const download = page.waitForEvent('download');
    await sources.importCard.getByRole('button', { name: 'Download original PDF' }).click();
    expect((await download).suggestedFilename()).toBe(fileName);

    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await expect(dashboard.card('Glucose').getByTestId('metric-value')).toHaveText('101 mg/dL');
    await expect(dashboard.card('Glucose')).toContainText('High');
    await expect(dashboard.card('LDL cholesterol').getByTestId('metric-value')).toHaveText('131 mg/dL');
    const chart = await dashboard.openChart('Glucose');
    // The band is the range Quest printed, not the catalogue's general one.
    await expect(chart).toContainText('Reference range 65 mg/dL – 99 mg/dL');
  });

  test('a scanned report is refused with what to do instead', async ({ signedInPage: page }) => {
    const sources = new SourcesPage(page);
    await sources.goto();
    await sources.choose({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: await scannedReport() });
    await expect(sources.importCard.getByRole('alert')).toContainText('scanned image', {
      timeout: importTimeout,
    });
    await expect(sources.importCard.getByRole('alert')).toContainText("the lab's digital PDF");
    await expect(sources.reviewButton).toHaveCount(0);
  });

  test('a file that only claims to be a PDF is refused', async ({ signedInPage: page }) => {
    const sources = new SourcesPage(page);
    await sources.goto();
    await sources.choose({
      name: 'results.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('These are my lab results: glucose 105, LDL 131.\n'),
    });
    await expect(sources.refusal).toBeVisible();
    await expect(sources.refusal).toContainText('This file is not a PDF.');
    await expect(sources.importCard).toHaveCount(0);
  });
});
