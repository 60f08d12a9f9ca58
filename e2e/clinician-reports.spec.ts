import { readFile } from 'node:fs/promises';
import { ClinicianReportsPage } from './pages/ClinicianReportsPage';
import { expect, test } from './fixtures';
import { seedSamples, type Sample } from './metrics-seed';

/** Ada's last three weeks: steps and resting heart rate every day. */
const samples: Sample[] = Array.from({ length: 21 }, (_, i) => [
  { type: 'steps', value: 9000 + i * 50, daysAgo: i + 1 },
  { type: 'resting_heart_rate', value: 54, daysAgo: i + 1 },
]).flat();

test.describe('clinician reports (issue 23)', () => {
  test('a report is generated with progress, downloaded as a PDF, opened as a printable page and deleted', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    test.slow(); // seed, generate in the background, download, print page
    await seedSamples(request, user, samples);
    const reports = new ClinicianReportsPage(page);
    await reports.goto();
    // The first visit loads the page's chunks: on a loaded machine that takes more than the default wait.
    await expect(reports.heading).toBeVisible({ timeout: 20_000 });
    await expect(reports.emptyState).toBeVisible();

    // Only some sections: the PDF holds those.
    for (const name of [
      'Glucose',
      'Labs',
      'Clinical summary',
      'Insights',
      'Goals',
      'Body composition',
      'Sleep',
    ]) {
      await reports.section(name).uncheck();
    }
    await reports.generateButton.click();
    const row = reports.rows.first();
    await expect(row).toContainText('Summary, Vitals, Activity');
    await expect(row.getByText('Ready')).toBeVisible({ timeout: 20_000 });

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download PDF' }).click();
    const file = await (await download).path();
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = bytes.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(1);
    await expect(row).toContainText(`${pages.length} page`);

    await row.getByRole('link', { name: 'Open printable page' }).click();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Health report', level: 1 })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('heading', { name: 'Activity', level: 2 })).toBeVisible();
    await expect(page.getByText(/Steps: .* on average over 21 days/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Glucose', level: 2 })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to reports' }).click();

    await reports.rows.first().getByRole('button', { name: 'Delete' }).click();
    await expect(reports.emptyState).toBeVisible();
  });
});
