// Issue 22: a new account's first-run checklist on the Dashboard, ticked from the server's state.
import { expect as baseExpect, test } from './fixtures';
import { GoalsPage } from './pages';

test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

test('a new account is guided through its first steps, each ticked once done, and can put the list away', async ({
  signedInPage: page,
}) => {
  await page.goto('/dashboard');
  const checklist = page.getByRole('region', { name: 'Get started' });
  await expect(checklist).toBeVisible();
  await expect(checklist).toContainText('0 of 4 done');
  const step = (name: string) => checklist.getByRole('listitem').filter({ hasText: name });
  await expect(checklist.getByRole('listitem')).toHaveText([
    /Add a source or import a file/,
    /Set your units and time zone/,
    /Set a goal/,
    /Turn on two-step sign-in/,
  ]);

  // Keeping the units and zone shown is a choice the server records.
  await step('Set your units and time zone').getByRole('button', { name: 'Keep these' }).click();
  await expect(step('Set your units and time zone')).toContainText('Units and time zone chosen.');
  await expect(checklist).toContainText('1 of 4 done');

  // The goal is set where goals are set; back on the Dashboard it is ticked.
  await step('Set a goal').getByRole('link', { name: 'Set a goal' }).click();
  const goals = new GoalsPage(page);
  await expect(goals.heading).toBeVisible();
  await goals.createFirstButton.click();
  await goals.fill({ metric: 'Steps', target: '8000' });
  await goals.submit();
  await expect(goals.dialog).toBeHidden();
  await page.goto('/dashboard');
  await expect(checklist).toContainText('2 of 4 done');
  await expect(step('Set a goal')).toContainText('A goal is set.');
  await expect(
    step('Add a source or import a file').getByRole('link', { name: 'Go to Sources' }),
  ).toBeVisible();

  // Put away, it stays away: the choice is in the account's settings, not this browser.
  await checklist.getByRole('button', { name: 'Hide the getting-started list' }).click();
  await expect(checklist).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Metrics' })).toBeVisible();
  await expect(checklist).toHaveCount(0);
});
