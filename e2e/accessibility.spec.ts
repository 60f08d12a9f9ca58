import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seedSamples, type Sample } from './metrics-seed';

/**
 * Issue 22: an axe-core scan of every route finds no serious or critical violation of WCAG 2.2 AA, in
 * both themes and on a phone. Each route is scanned once its content has arrived (no request in flight).
 */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/waitlist',
  '/about',
  '/forgot-password',
  '/oauth-error?error=access_denied',
  '/no-such-page',
];
const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/metrics/steps',
  '/data-sources',
  '/insights',
  '/goals',
  '/reports',
  '/settings',
];

/** "color-contrast on /login: .MuiButton-root (4.1:1)" — one line per failing element, to fix from. */
async function violations(page: Page, route: string): Promise<string[]> {
  await page.goto(route);
  await expect(page.locator('main').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // A spinner still turning (a progress bar without a value) means the page is not there yet; scan what
  // the person will read. Bars with a value (a checklist's "1 of 4 done") are content.
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0, { timeout: 30_000 });
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} on ${route}: ${n.target.join(' ')} — ${n.failureSummary ?? v.help}`),
    );
}

const days = (count: number, make: (day: number) => Omit<Sample, 'daysAgo'>): Sample[] =>
  Array.from({ length: count }, (_, day) => ({ ...make(day), daysAgo: day }));

test.describe('accessibility (issue 22)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('every public page passes an axe scan of WCAG 2.2 AA @theme', async ({ page }) => {
    const found: string[] = [];
    for (const route of PUBLIC_ROUTES) found.push(...(await violations(page, route)));
    expect(found, found.join('\n')).toEqual([]);
  });

  test('every signed-in page, with data on it, passes an axe scan of WCAG 2.2 AA @theme', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    await seedSamples(request, user, [
      ...days(14, (d) => ({ type: 'steps', value: 6_000 + 250 * d })),
      ...days(14, (d) => ({ type: 'resting_heart_rate', value: 58 + (d % 4) })),
      ...days(4, (d) => ({ type: 'weight', value: 70.5 - 0.2 * d, unit: 'kg' })),
    ]);
    const found: string[] = [];
    for (const route of SIGNED_IN_ROUTES) found.push(...(await violations(page, route)));
    expect(found, found.join('\n')).toEqual([]);
  });
});
