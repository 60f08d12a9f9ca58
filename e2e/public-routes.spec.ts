import { randomUUID } from 'node:crypto';
import { WaitlistPage } from './pages';
import { expect, test } from './fixtures';

test.describe('public routes (SPEC §2)', () => {
  test('the landing page introduces Healthfolio to a visitor', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'All your health data. One private place.',
    );
    await page.getByRole('link', { name: 'Join the waitlist' }).click();
    await expect(page).toHaveURL(/\/waitlist$/);
  });

  test('/signup replaces itself with /waitlist', async ({ page }) => {
    await page.goto('/about');
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/waitlist$/);
    await expect(page.getByRole('heading', { name: 'Join the waitlist' })).toBeVisible();
    // Replace, not push: Back leaves the waitlist for the page before /signup.
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('the waitlist validates the email and keeps the visitor once', async ({ page, request }) => {
    const waitlist = new WaitlistPage(page);
    await waitlist.goto();
    await waitlist.join('not-an-email');
    await expect(page.getByText('Enter a valid email address')).toBeVisible();

    const email = `grace+${randomUUID().slice(0, 8)}@example.com`;
    await waitlist.join(email, 'Grace');
    await expect(page.getByRole('alert')).toContainText(`We will write to ${email}`);

    // Joining again from elsewhere keeps the first entry.
    const again = await request.post('/api/waitlist', { data: { email } });
    expect(again.status()).toBe(201);
  });

  test('the About page is open to everyone', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/About/);
  });

  test('/auth-test shows the signed-out state', async ({ page }) => {
    await page.goto('/auth-test');
    const state = page.getByRole('table', { name: 'Authentication state' });
    await expect(state.getByRole('row', { name: /isAuthenticated/ })).toContainText('false');
    await expect(state.getByRole('row', { name: /isLoading/ })).toContainText('false');
  });

  test('an OAuth error reaching a signed-out visitor lands on /oauth-error, in words', async ({ page }) => {
    await page.goto('/oauth/callback?error=access_denied&error_description=The+user+denied+access');
    await expect(page).toHaveURL(/\/oauth-error/);
    await expect(page.getByRole('heading', { name: 'Connection failed' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      'You declined to connect, so nothing was shared with Healthfolio.',
    );
  });

  test('/oauth-success and /oauth-error lead back to Sources', async ({ page }) => {
    await page.goto('/oauth-success?source=Oura');
    await expect(page.getByRole('alert')).toContainText('Oura is now connected.');
    await page.goto('/oauth-error?message=Token+exchange+failed');
    await expect(page.getByRole('alert')).toHaveText('Token exchange failed');
    await expect(page.getByRole('link', { name: 'Back to Sources' })).toHaveAttribute(
      'href',
      '/data-sources',
    );
  });

  test('an unknown path shows a not-found page, an unknown API path a JSON 404', async ({
    page,
    request,
  }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go home' }).click();
    await expect(page).toHaveURL(/\/$/);

    const api = await request.get('/api/no/such/route');
    expect(api.status()).toBe(404);
    expect((await api.json()).error.code).toBe('not_found');
  });

  test('the footer has the address, three mail links and legal pages in a new tab', async ({ page }) => {
    await page.goto('/about');
    const footer = page.locator('footer');
    await expect(footer.getByText('Healthfolio', { exact: true })).toBeVisible();
    await expect(footer.locator('address')).toContainText('San Francisco');
    for (const who of ['support', 'partnerships', 'investors']) {
      await expect(footer.getByRole('link', { name: `${who}@healthfolio.app` })).toHaveAttribute(
        'href',
        `mailto:${who}@healthfolio.app`,
      );
    }
    for (const [name, href, title] of [
      ['Privacy Policy', '/privacy-policy.html', /Privacy/],
      ['Terms of Service', '/terms-of-service.html', /Terms/],
    ] as const) {
      const link = footer.getByRole('link', { name });
      await expect(link).toHaveAttribute('target', '_blank');
      const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe(href);
      await expect(tab).toHaveTitle(title);
      await tab.close();
    }
  });

  test('a chunk that fails to load shows the ChunkLoadError on the error page', async ({ page }) => {
    await page.route('**/assets/AboutPage-*.js', (route) => route.abort());
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(/ChunkLoadError: Loading chunk \S+ failed/);
  });

  test('a slow page shows the loading spinner until it arrives', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/AboutPage-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/about');
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
  });
});
