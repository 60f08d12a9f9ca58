import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppLayout, DashboardPage, SourcesPage } from './pages';
import { expect, test } from './fixtures';

const DAY_MS = 86_400_000;
/** Yesterday, 10:00 UTC: the same calendar day in every zone from UTC−10 to UTC+13. */
const YESTERDAY_10 = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS + 10 * 3_600_000;

/** "2026-11-24 10:00:00 +0000", as both export.xml and Health Auto Export write dates. */
const appleDate = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, ' +0000');

/** Ada's watch in export.xml: 24 records of 5 minutes, 10:00–12:00, 100 steps each. */
function exportXml(): string {
  const records = Array.from({ length: 24 }, (_, i) => {
    const start = appleDate(YESTERDAY_10 + i * 300_000);
    const end = appleDate(YESTERDAY_10 + (i + 1) * 300_000);
    return ` <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ada’s Apple Watch" sourceVersion="10.1" device="&lt;&lt;HKDevice: 0x3&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1&gt;" unit="count" creationDate="${end}" startDate="${start}" endDate="${end}" value="100"/>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE HealthData [',
    '<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>',
    ']>',
    '<HealthData locale="en_US">',
    ` <ExportDate value="${appleDate(YESTERDAY_10 + 3 * 3_600_000)}"/>`,
    ' <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-12-10" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>',
    ...records,
    '</HealthData>',
    '',
  ].join('\n');
}

/** Health Auto Export's hourly step totals of the same watch, as its REST API automation posts them. */
const hourly = (noon: number) => ({
  data: {
    metrics: [
      {
        name: 'step_count',
        units: 'count',
        data: [1200, 1200, noon].map((qty, h) => ({
          date: appleDate(YESTERDAY_10 + h * 3_600_000),
          qty,
          source: 'Ada’s Apple Watch',
        })),
      },
    ],
    workouts: [],
  },
});

test.describe('one reading counts once, whatever path it took (issue 21)', () => {
  test('Ada imports her export, then Health Auto Export pushes the same day twice: the total follows the later push and counts each hour once', async ({
    signedInPage: page,
  }) => {
    test.slow(); // an import followed to its end, two pushes
    const dir = mkdtempSync(join(tmpdir(), 'hf-e2e-'));
    const file = join(dir, 'export.xml');
    writeFileSync(file, exportXml());

    const sources = new SourcesPage(page);
    await sources.goto();
    await sources.choose(file);
    await expect(sources.result).toHaveText('Imported: 24 added, 0 already there, 0 rejected', {
      timeout: 20_000,
    });

    await sources.card('Apple Health').getByRole('button', { name: 'Connect', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Apple Health' });
    await dialog.getByRole('button', { name: 'Make my ingest URL' }).click();
    const url = (await dialog.getByTestId('ingest-url').textContent())!;
    await dialog.getByRole('button', { name: 'Done' }).click();

    // At noon the phone pushes the day so far; the hours the export holds add nothing.
    const first = await page.request.post(url, { data: hourly(300) });
    expect(first.status(), await first.text()).toBe(200);
    expect((await first.json()).data).toMatchObject({ received: 3, inserted: 3, updated: 0 });
    // Later the same hours come again, the last one grown.
    const second = await page.request.post(url, { data: hourly(700) });
    expect((await second.json()).data).toMatchObject({ received: 3, inserted: 0, updated: 1, duplicates: 2 });

    const dashboard = new DashboardPage(page);
    await new AppLayout(page).navigateTo('Dashboard');
    const steps = dashboard.card('Steps');
    await expect(steps.getByTestId('metric-value')).toHaveText(/3,100/);

    await steps.getByRole('button', { name: /^Why this number\?/ }).click();
    const why = page.getByRole('dialog', { name: /^Why this number\? Steps/ });
    await expect(why).toContainText('Total 3,100');
    const row = why.getByRole('row', { name: /Ada’s Apple Watch/ });
    await expect(row).toContainText('Apple Health export');
    await expect(row).toContainText('Health Auto Export');
    await expect(why.getByRole('row')).toHaveCount(2); // the header and the one watch, not one per path
  });
});
