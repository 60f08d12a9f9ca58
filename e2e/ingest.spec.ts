import { AppLayout, DashboardPage, SourcesPage } from './pages';
import { expect, test } from './fixtures';

/** "2026-11-24 09:15:00 +0000", as Health Auto Export writes dates. */
const haeDate = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, ' +0000');

test.describe('Apple Health through an ingest URL (issue 8)', () => {
  test('Ada sets up Health Auto Export’s URL, her iPhone posts to it, and she sees steps and weight on the Dashboard', async ({
    signedInPage: page,
  }) => {
    const sources = new SourcesPage(page);
    await sources.goto();
    const card = sources.card('Apple Health');
    await expect(sources.status('Apple Health')).toHaveText('Not connected');
    await card.getByRole('button', { name: 'Connect', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Connect Apple Health' });
    await expect(dialog.getByRole('list', { name: 'Set-up steps' })).toContainText('Health Auto Export');
    await dialog.getByRole('button', { name: 'Make my ingest URL' }).click();
    const shown = dialog.getByTestId('ingest-url');
    await expect(shown).toHaveText(/\/api\/ingest\/[A-Za-z0-9_-]{43}$/);
    await expect(dialog.getByText(/shown only this once/)).toBeVisible();
    const url = (await shown.textContent())!;
    await expect(dialog.getByTestId('ingest-received')).toHaveText('Nothing received yet.');

    // What the phone's REST API automation posts (JSON format), an hour of this morning.
    const now = Date.now();
    const posted = await page.request.post(url, {
      data: {
        data: {
          metrics: [
            {
              name: 'step_count',
              units: 'count',
              data: [
                { date: haeDate(now - 60 * 60_000), qty: 1234, source: "Ada's Apple Watch" },
                { date: haeDate(now - 59 * 60_000), qty: 96, source: "Ada's Apple Watch" },
              ],
            },
            {
              name: 'weight_body_mass',
              units: 'kg',
              data: [{ date: haeDate(now - 30 * 60_000), qty: 72.4, source: 'Withings Body+' }],
            },
          ],
          workouts: [],
        },
      },
    });
    expect(posted.status(), await posted.text()).toBe(200);
    expect((await posted.json()).data).toMatchObject({ received: 3, inserted: 3, duplicates: 0 });

    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(sources.status('Apple Health')).toHaveText('Connected');

    const dashboard = new DashboardPage(page);
    await new AppLayout(page).navigateTo('Dashboard');
    await expect(dashboard.card('Steps').getByTestId('metric-value')).toHaveText(/1,330/);
    await expect(dashboard.card('Weight').getByTestId('metric-value')).toHaveText(/72\.4 kg/);

    // Back on Sources, the card reopens the URL's status: received, never the URL again.
    await sources.goto();
    await sources.card('Apple Health').getByRole('button', { name: 'Ingest URL' }).click();
    const again = page.getByRole('dialog', { name: 'Connect Apple Health' });
    await expect(again.getByTestId('ingest-received')).toHaveText(/3 readings so far/);
    await expect(again.getByTestId('ingest-url')).toHaveCount(0);
  });
});
