import { expect, test } from './fixtures';

const protectedRoutes = ['/dashboard', '/data-sources', '/insights', '/goals', '/reports', '/settings'];

test.describe('the auth guard (SPEC §2, §4)', () => {
  for (const route of protectedRoutes) {
    test(`${route} sends a signed-out visitor to /login`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('main').getByRole('button', { name: 'Sign in' })).toBeVisible();
    });
  }

  test('shows "Loading..." while the auth state loads', async ({ signedInPage: page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    await expect(page.getByText('Loading...', { exact: true })).toBeVisible();
    release();
    // A cold load of the Dashboard (chunks and words) on a busy 2-core machine (see layout.spec.ts).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  });

  for (const route of ['/', '/login', '/waitlist']) {
    test(`${route} sends a signed-in user to /dashboard`, async ({ signedInPage: page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  }

  test('every protected page opens for a signed-in user', async ({ signedInPage: page }) => {
    test.slow();
    for (const route of protectedRoutes) {
      await page.goto(route);
      await expect(page).toHaveURL(new RegExp(`${route}$`));
      // Six cold page loads in one test: on a busy CI machine a first lazy chunk can take a while.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    }
  });

  test('a 401 from any API call sends the browser to /login', async ({ signedInPage: page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({ status: 401, json: { error: { code: 'unauthorized', message: 'Session expired' } } }),
    );
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/auth-test shows the signed-in state', async ({ signedInPage: page, user }) => {
    await page.goto('/auth-test');
    const state = page.getByRole('table', { name: 'Authentication state' });
    await expect(state.getByRole('row', { name: /isAuthenticated/ })).toContainText('true');
    await expect(state.getByRole('row', { name: /user email/ })).toContainText(user.email);
  });
});
