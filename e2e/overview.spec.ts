import { DashboardPage } from './pages';
import { expect, test } from './fixtures';
import { dailyRamp, seedSamples, type Sample } from './metrics-seed';

/**
 * Ada's last two months as her devices would have sent them: a resting heart rate every morning, her
 * daily steps, three heart-rate readings a day (at 8, 12 and 16 o'clock), and one weigh-in five weeks ago.
 */
function adaMonths(): Sample[] {
  const steps: Sample[] = Array.from({ length: 60 }, (_, i) => ({
    type: 'steps',
    value: 8000 + (i % 7) * 500,
    daysAgo: i + 1,
  }));
  const heart: Sample[] = Array.from({ length: 10 }, (_, d) =>
    [58, 72, 96].map((value, k) => ({
      type: 'heart_rate',
      value: value + k,
      daysAgo: d + 1,
      hour: 8 + 4 * k,
    })),
  ).flat();
  return [
    ...dailyRamp('resting_heart_rate', 20, 56, 52),
    ...steps,
    ...heart,
    { type: 'weight', value: 70, unit: 'kg', daysAgo: 36 },
  ];
}

test.describe('today at a glance and a page per metric (issue 22, items 1 and 2)', () => {
  test('@theme the overview shows each card with its 30 days, and an old weigh-in by its age', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    test.setTimeout(90_000);
    await seedSamples(request, user, adaMonths());
    const dashboard = new DashboardPage(page);
    await dashboard.goto();

    const rhr = dashboard.overviewCard('resting_heart_rate');
    await expect(rhr.getByTestId('metric-value')).toHaveText('52 bpm', { timeout: 30_000 });
    await expect(rhr.getByRole('img', { name: /^Last 30 days: 20 days with data/ })).toBeVisible();
    await expect(rhr.getByTestId('source-name')).toHaveText('Entered by you');

    const steps = dashboard.overviewCard('today-steps');
    // Nothing has come in today: no false alarm, only her usual by now.
    await expect(steps.getByTestId('metric-value')).toHaveText('—');
    await expect(steps.getByTestId('today-note')).toContainText(
      'Nothing yet today; last data yesterday · usual by now',
    );
    await expect(steps.getByTestId('sparkline')).toBeVisible();

    // Five weeks old: labelled with its age, never shown as today's weight.
    const weight = dashboard.overviewCard('weight');
    await expect(weight.getByTestId('metric-age')).toHaveText('5 weeks ago');
    await expect(weight.getByTestId('metric-last')).toHaveText('Last 70 kg');
    await expect(weight.getByTestId('metric-value')).toHaveCount(0);
    await expect(dashboard.card('Weight').getByTestId('metric-age')).toHaveText('5 weeks ago');

    // A tap on a card opens its metric.
    await rhr.getByRole('link', { name: 'Resting heart rate' }).click();
    await expect(page).toHaveURL(/\/metrics\/resting_heart_rate$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resting heart rate');
  });

  test('a metric page draws the range chosen, overlays a second metric and compares with the period before', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    test.setTimeout(90_000);
    await seedSamples(request, user, adaMonths());
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    const chart = await dashboard.openChart('Steps');
    await expect(page).toHaveURL(/\/metrics\/steps$/);

    // A year of steps: daily totals as bars with their 7-day average.
    await chart.getByRole('button', { name: 'Year', exact: true }).click();
    await expect(chart.getByRole('button', { name: 'Year', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page).toHaveURL(/range=year/);
    await expect(chart.getByTestId('chart-legend')).toContainText('Steps (daily total)');
    await expect(chart.getByTestId('chart-legend')).toContainText('7-day average');
    await expect(chart.getByTestId('chart-summary')).toContainText('60 days from');
    await expect(chart.getByRole('img', { name: 'Steps chart, year range' })).toBeVisible();

    // A month against the month before it.
    await chart.getByRole('button', { name: 'Month', exact: true }).click();
    const compare = chart.getByLabel('Compare with the previous period');
    await compare.click();
    await expect(compare).toBeChecked();
    await expect(page).toHaveURL(/compare=1/);
    await expect(chart.getByTestId('chart-legend')).toContainText('Previous period');
    // The last 30 days (today the last) hold 29 of her days of steps; the 30 before them all 30.
    await expect(chart.getByTestId('chart-summary')).toContainText('29 days from');
    await expect(chart.getByTestId('compare-summary')).toContainText('Previous period: 30 days from');

    // Resting heart rate over the steps, on its own axis.
    await chart.getByRole('combobox', { name: 'Overlay another metric' }).click();
    await page.getByRole('option', { name: 'Resting heart rate', exact: true }).click();
    await expect(page).toHaveURL(/overlay=resting_heart_rate/);
    await expect(chart.getByTestId('chart-legend')).toContainText('Resting heart rate');
    await expect(chart.getByTestId('overlay-summary')).toContainText('Resting heart rate: 20 days from');

    // The values with where they came from, and why a day's total is what it is.
    const values = page.getByRole('table', { name: 'Values', exact: true });
    await expect(values).toContainText('All your sources, merged');
    await values.getByRole('button', { name: 'Why this number?' }).first().click();
    const why = page.getByRole('dialog', { name: /^Why this number\? Steps/ });
    await expect(why.getByRole('rowheader').first()).toHaveText('Entered by you');
    await why.getByRole('button', { name: 'Close' }).click();

    // A custom period: its own dates, in the URL.
    await chart.getByRole('button', { name: 'Custom', exact: true }).click();
    const to = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const from = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    await chart.getByLabel('From').fill(from);
    await chart.getByLabel('To').fill(to);
    await chart.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
    await expect(chart.getByTestId('chart-summary')).toContainText('10 days from');
  });

  test('heart rate is drawn as its mean inside the day’s lowest-to-highest band', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    test.setTimeout(90_000);
    await seedSamples(request, user, adaMonths());
    await page.goto('/metrics/heart_rate?range=month');
    const chart = page.getByRole('region', { name: 'Heart rate over time' });
    // The page's first load on a busy machine: the chart waits for its chunk and its data.
    await expect(chart.getByTestId('chart-legend')).toContainText('Heart rate (mean)', { timeout: 30_000 });
    await expect(chart.getByTestId('chart-legend')).toContainText('Lowest to highest');
    await expect(chart.getByTestId('chart-summary')).toContainText('10 days from');
  });

  test('an entry made by hand is changed and deleted on its metric page', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    test.setTimeout(90_000);
    await seedSamples(request, user, [{ type: 'weight', value: 71.5, unit: 'kg', daysAgo: 2 }]);
    await page.goto('/metrics/weight?range=month');
    const entries = page.getByRole('region', { name: 'Your entries' });
    await expect(entries).toContainText('71.5 kg', { timeout: 30_000 });
    await entries.getByRole('button', { name: /^Change 71\.5 kg/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Change this entry' });
    await dialog.getByRole('textbox', { name: 'Value (kg)' }).fill('70.9');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(entries).toContainText('70.9 kg');
    await expect(page.getByTestId('metric-latest')).toContainText('70.9 kg');

    await entries.getByRole('button', { name: /^Delete 70\.9 kg/ }).click();
    await page
      .getByRole('dialog', { name: 'Delete this entry?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(entries).toBeHidden();
    await expect(page.getByTestId('chart-summary')).toHaveText('No readings in this range.');
  });
});
