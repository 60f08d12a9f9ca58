import { DashboardPage, InsightsPage } from './pages';
import { clientAddress, expect, test } from './fixtures';
import { dailyRamp, seedSamples, type Sample } from './metrics-seed';

/** Two months of Ada's data: resting heart rate creeping up 50 → 60 bpm, steady steps, one high LDL. */
const twoMonths: Sample[] = [
  ...dailyRamp('resting_heart_rate', 60, 50, 60, '/min'),
  ...dailyRamp('steps', 60, 9000, 9000),
  { type: 'ldl_cholesterol', value: 165, unit: 'mg/dL', daysAgo: 3 },
];

test.describe('insights (issue 9, parts 2–3)', () => {
  test('a new user is told where insights come from', async ({ signedInPage: page }) => {
    const insights = new InsightsPage(page);
    await insights.goto();
    await expect(insights.emptyState).toBeVisible();
    // How much data the first insights need, against what there is.
    await expect(insights.main).toContainText(
      'Insights need about 14 days of data, and you have none yet. Import an export or connect a source on the Sources page.',
    );
    await insights.main.getByRole('link', { name: 'Sources page' }).click();
    await expect(page).toHaveURL(/\/data-sources$/);
  });

  test('data already there has its insights on the first visit, in plain words with "How we know"', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    test.slow(); // two months of data through the API
    await seedSamples(request, user, twoMonths);
    const insights = new InsightsPage(page);
    await insights.goto();
    // No Refresh: the first visit runs the engine (as the demo account's first start does before its banner).
    const heartTrend = insights
      .tagged('Trend')
      .filter({ has: page.getByRole('heading', { name: /resting heart rate/i }) })
      .first();
    await expect(heartTrend).toBeVisible();
    await expect(insights.emptyState).toHaveCount(0);
    await expect(heartTrend).toContainText(/Your resting heart rate went up by about \d+ bpm/);
    await expect(heartTrend.getByText(/Mann–Kendall/)).toBeHidden();
    await heartTrend.getByText('How we know').click();
    await expect(heartTrend.getByText(/Mann–Kendall p/)).toBeVisible();
  });

  test('Refresh finds what the data shows; filters narrow the list and stay in the URL; dismiss', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    test.slow(); // two months of data through the API, then a whole flow
    await seedSamples(request, user, twoMonths);
    const insights = new InsightsPage(page);
    await insights.goto();
    await insights.refresh();

    // The rising resting heart rate is a trend; the high LDL is a warning.
    const trends = insights.tagged('Trend');
    const warnings = insights.tagged('Warning');
    const heartTrend = trends.filter({ has: page.getByRole('heading', { name: /resting heart rate/i }) });
    await expect(heartTrend.first()).toBeVisible();
    await expect(heartTrend.first().getByRole('img').first()).toHaveAttribute(
      'aria-label',
      /^Resting heart rate, \d+ days/,
    );
    await expect(warnings.filter({ hasText: /LDL/i }).first()).toBeVisible();
    const all = await insights.cards.count();
    const trendCount = await trends.count();
    expect(trendCount).toBeLessThan(all);

    await insights.filterByType('Trend');
    await expect(page).toHaveURL(/[?&]type=trend(&|$)/);
    await expect(insights.cards).toHaveCount(trendCount);
    await expect(trends).toHaveCount(trendCount);

    await insights.filterByType('All types');
    await insights.filterBySeverity('Warning');
    await expect(page).toHaveURL(/[?&]severity=warning(&|$)/);
    await expect(page).not.toHaveURL(/type=/);
    const warningCount = await warnings.count();
    expect(warningCount).toBeGreaterThan(0);
    await expect(insights.cards).toHaveCount(warningCount);

    // The filter is in the URL: a reload shows the same list.
    await page.reload();
    await expect(insights.severityFilter).toHaveText('Warning');
    await expect(insights.cards).toHaveCount(warningCount);

    const title = (await insights.cards.first().getByRole('heading', { level: 2 }).textContent()) ?? '';
    await insights.dismiss(insights.cards.first());
    await expect(insights.cards).toHaveCount(warningCount - 1);
    await expect(page.getByText('Insight dismissed')).toBeVisible();
    await page.reload();
    await expect(insights.severityFilter).toHaveText('Warning');
    await expect(insights.cards).toHaveCount(warningCount - 1);
    await expect(insights.card(title)).toHaveCount(0);
  });

  test('the Dashboard shows the important ones, and an insight links to its metric', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    const token = await seedSamples(request, user, [
      { type: 'ldl_cholesterol', value: 165, unit: 'mg/dL', daysAgo: 3 },
    ]);
    const res = await request.post('/api/insights/refresh', {
      headers: { authorization: `Bearer ${token}`, ...clientAddress() },
    });
    expect(res.status(), await res.text()).toBe(200);

    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    const panel = dashboard.main.getByRole('region', { name: 'Insights', exact: true });
    await expect(panel).toContainText('Warning');
    await panel.getByRole('link', { name: 'See all insights' }).click();
    await expect(page).toHaveURL(/\/insights$/);

    const insights = new InsightsPage(page);
    await insights.cards.first().getByRole('link', { name: 'View metric: LDL cholesterol' }).click();
    await expect(page).toHaveURL(/\/metrics\/ldl_cholesterol$/);
    await expect(dashboard.chart('LDL cholesterol')).toBeVisible();
  });

  test('an empty filter offers the way back', async ({ signedInPage: page }) => {
    const insights = new InsightsPage(page);
    await insights.goto('?type=correlation&severity=critical');
    await expect(insights.typeFilter).toHaveText('Correlation');
    await expect(insights.noMatch).toBeVisible();
    await insights.main.getByRole('button', { name: 'Show all insights' }).click();
    await expect(page).toHaveURL(/\/insights$/);
    await expect(insights.emptyState).toBeVisible();
  });
});
