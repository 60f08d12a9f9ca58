import type { APIRequestContext } from '@playwright/test';
import { DashboardPage } from './pages';
import { clientAddress, expect, login, test, type TestUser } from './fixtures';

/** Stores a measurement through the API, as another device or an import would. */
async function addSample(request: APIRequestContext, user: TestUser, body: Record<string, unknown>) {
  const { accessToken } = await login(request, user);
  const res = await request.post('/api/metrics', {
    data: { start: new Date().toISOString(), ...body },
    headers: { authorization: `Bearer ${accessToken}`, ...clientAddress() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { flag: string | null } }).data;
}

test.describe('the dashboard (issue 4, item 6)', () => {
  test('a new user sees the empty state, which leads to Sources', async ({ signedInPage: page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await expect(dashboard.emptyState).toBeVisible();
    await expect(page.getByText('Connect a source or import a file to see your metrics here.')).toBeVisible();
    await expect(dashboard.addButton).toBeVisible();
    await page.getByRole('tabpanel').getByRole('link', { name: 'Go to Sources' }).click();
    await expect(page).toHaveURL(/\/data-sources$/);
  });

  test('a weight entered in the dialog appears on its card and in its chart', async ({
    signedInPage: page,
  }) => {
    test.slow(); // a whole flow: dialog, card, chart, range change
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.addMeasurement({ type: 'Weight', value: '80', unit: 'kg' });
    await expect(dashboard.snackbar).toBeVisible();
    await expect(dashboard.dialog).toBeHidden();
    await expect(dashboard.card('Weight').getByTestId('metric-value')).toHaveText('80 kg');
    const chart = await dashboard.openChart('Weight');
    await expect(chart.getByRole('img', { name: /Weight chart/ })).toBeVisible();
    await expect(chart.getByTestId('chart-summary')).toContainText('1 day on');
    await expect(chart.getByTestId('chart-summary')).toContainText('Latest 80 kg');
    // A day's range shows each reading with its source.
    await chart.getByRole('button', { name: 'Day', exact: true }).click();
    await expect(chart.getByRole('button', { name: 'Day', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(chart.getByTestId('chart-summary')).toContainText('1 reading on');
    await expect(chart.getByRole('table')).toContainText('80 kg');
    await expect(chart.getByRole('table')).toContainText('Entered by you');
  });

  test('imperial units change every number shown', async ({ signedInPage: page, request, user }) => {
    test.slow(); // two sign-ins for API set-up, a reload and a chart
    await addSample(request, user, { type: 'weight', value: 80, unit: 'kg' });
    await addSample(request, user, { type: 'height', value: 180, unit: 'cm' });
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await expect(dashboard.card('Weight').getByTestId('metric-value')).toHaveText('80 kg');
    await expect(dashboard.card('Height').getByTestId('metric-value')).toHaveText('180 cm');

    const { accessToken } = await login(request, user);
    const put = await request.put('/api/auth/profile', {
      data: { settings: { preferences: { units: 'imperial' } } },
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(put.status(), await put.text()).toBe(200);
    await page.reload();
    // A reload boots the app again: on a loaded machine that alone has taken 7 s.
    await expect(dashboard.card('Weight').getByTestId('metric-value')).toHaveText('176.4 lb', {
      timeout: 20_000,
    });
    await expect(dashboard.card('Height').getByTestId('metric-value')).toHaveText('70.9 in');
    const chart = await dashboard.openChart('Weight');
    await expect(chart.getByTestId('chart-summary')).toContainText('Latest 176.4 lb');
    await expect(dashboard.main).not.toContainText('kg');
    await expect(dashboard.main).not.toContainText(' cm');
  });

  test('an LDL above its reference range is flagged High in words', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    const stored = await addSample(request, user, { type: 'ldl_cholesterol', value: 160, unit: 'mg/dL' });
    expect(stored.flag).toBe('high');
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    const card = dashboard.card('LDL cholesterol');
    await expect(card.getByTestId('metric-value')).toHaveText('160 mg/dL');
    await expect(card.getByText('High', { exact: true })).toBeVisible();
    await expect(card).toContainText('Reference below 100 mg/dL');
    const chart = await dashboard.openChart('LDL cholesterol');
    await expect(chart).toContainText('Out of range');
  });

  test("an impossible value shows the server's message in the dialog", async ({ signedInPage: page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.addMeasurement({ type: 'Heart rate', value: '900' });
    await expect(dashboard.dialog.getByRole('alert')).toContainText('is not a possible heart rate');
    await expect(dashboard.dialog).toBeVisible();
  });
});
