import { AppLayout, DashboardPage, SettingsPage, SourcesPage } from './pages';
import { expect, test } from './fixtures';

/** A first sync is a year of sandbox data (Oura: about 110 000 heart-rate samples); give it time. */
const syncTimeout = 45_000;

test.describe('connecting sources (issue 7)', () => {
  test('Ada connects the Oura and Peloton sandboxes, sees their data on the Dashboard, and disconnects one', async ({
    signedInPage: page,
    user,
  }) => {
    test.setTimeout(150_000); // two first syncs of a year each, then the Dashboard
    const sources = new SourcesPage(page);
    const layout = new AppLayout(page);
    await sources.goto();
    await expect(sources.category('Wearables and fitness')).toBeVisible();
    await expect(sources.status('Oura')).toHaveText('Not connected');
    // No Oura app is registered on the e2e server: connecting falls back to the sandbox, and says so.
    // (Set-up hints are the operator's — the server's first account; a person is told what it connects to.)
    await expect(sources.card('Oura').getByTestId(/^(not-set-up|sandbox-only)$/)).toContainText('Sandbox');

    // Oura: OAuth through the sandbox's consent page and back.
    await sources.card('Oura').getByRole('button', { name: 'Connect', exact: true }).click();
    await page.waitForURL(/\/sandbox\/oura\//);
    await expect(page.getByRole('heading', { name: /Oura/ })).toBeVisible();
    await page.getByRole('button', { name: 'Allow' }).click();
    // The return lands inside the app, on Sources, with the result in words.
    await page.waitForURL(/\/data-sources\?oauth=connected/);
    await expect(page.getByTestId('oauth-outcome')).toContainText('Oura is connected.');
    // A sandbox's first sync may end before the page has its words (as Peloton's below).
    await expect(sources.status('Oura')).toHaveText(/Syncing|Connected/);
    await expect(sources.sandboxChip('Oura')).toBeVisible();

    // Peloton: a password sign-in; the sandbox takes any email with the password "sandbox".
    await sources.connectWithPassword('Peloton', { email: user.email, password: 'sandbox', sandbox: true });
    await expect(sources.credentialsDialog).toBeHidden();
    await expect(sources.status('Peloton')).toHaveText(/Syncing|Connected/);
    await expect(sources.sandboxChip('Peloton')).toBeVisible();

    for (const name of ['Oura', 'Peloton']) {
      await expect(sources.status(name)).toHaveText('Connected', { timeout: syncTimeout });
      await expect(sources.card(name).getByTestId('last-sync')).toHaveText(
        /^Synced (just now|1 minute ago)$/,
      );
      await expect(sources.syncProgress(name)).toBeHidden();
    }
    await expect(sources.card('Oura')).toHaveAttribute('data-status', 'connected');

    // What the first sync did, in the card's details.
    await sources.card('Oura').getByRole('button', { name: 'Sync details' }).click();
    const details = sources.card('Oura').getByTestId('sync-details');
    await expect(details.getByRole('list', { name: 'Samples per metric' })).toContainText('Steps');
    await expect(details.getByRole('list', { name: 'Sync history' })).toContainText('Succeeded');

    // Generated data is not Ada's: it stays off her Dashboard until she includes sandbox data.
    const dashboard = new DashboardPage(page);
    await layout.navigateTo('Dashboard');
    await expect(dashboard.emptyState).toBeVisible();
    await new SettingsPage(page).includeSandboxData(true);

    // Their data on the Dashboard: Oura's steps and sleep; workouts and exercise minutes come only from Peloton.
    await layout.navigateTo('Dashboard');
    await expect(dashboard.main.getByText(/Sandbox data \(generated test data\) is included/)).toBeVisible();
    for (const label of ['Steps', 'Sleep', 'Workouts', 'Exercise']) {
      await expect(dashboard.card(label).getByTestId('metric-value')).toHaveText(/\d/);
      await expect(dashboard.card(label).getByText('Sandbox', { exact: true })).toBeVisible();
    }

    // Disconnecting Peloton keeps what it brought.
    await layout.navigateTo('Sources');
    await sources.disconnect('Peloton', 'keep');
    await expect(sources.status('Peloton')).toHaveText('Not connected');
    await expect(sources.card('Peloton')).toContainText('Peloton is disconnected. Its data is kept.');
    await expect(sources.sandboxChip('Peloton')).toHaveCount(0);
    await expect(sources.status('Oura')).toHaveText('Connected');
    await layout.navigateTo('Dashboard');
    await expect(dashboard.card('Workouts')).toBeVisible();
  });

  test('sources are grouped and searchable; an unset connector says what it connects to', async ({
    signedInPage: page,
  }) => {
    const sources = new SourcesPage(page);
    await sources.goto();
    // A new person has no data yet: no "Your sources", the catalogue as "Connect a source".
    await expect(page.getByRole('heading', { level: 2, name: 'Connect a source' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Your sources' })).toHaveCount(0);
    await expect(sources.category('Glucose monitors')).toBeVisible();
    await sources.search.fill('glucose');
    await expect(sources.card('Dexcom')).toBeVisible();
    await expect(sources.card('Oura')).toHaveCount(0);
    await expect(sources.category('Wearables and fitness')).toHaveCount(0);

    // Set-up hints are the operator's (the server's first account, which may be another test's person);
    // everyone is told, without a warning, that the connector here is a sandbox.
    const dexcom = sources.card('Dexcom');
    await expect(dexcom.getByTestId(/^(not-set-up|sandbox-only)$/)).toContainText('Sandbox');

    // No account: the card leads to the drop zone.
    await dexcom.getByRole('button', { name: 'No account? Import your Dexcom export instead' }).click();
    await expect(page.locator('#import-a-file')).toBeFocused();

    await sources.search.fill('health connect');
    await expect(sources.card('Health Connect')).toContainText('has no server API');
  });

  test('a denial at the provider is told in words inside the app', async ({ signedInPage: page }) => {
    await page.goto('/oauth/callback?error=access_denied&state=whatever');
    await page.waitForURL(/\/data-sources\?oauth=declined/);
    // The Sources page's chunk on a loaded machine can take a while after the redirect.
    await expect(
      page.getByText('You declined to connect, so nothing was shared with Healthfolio.'),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('access_denied')).toHaveCount(0);
  });
});
