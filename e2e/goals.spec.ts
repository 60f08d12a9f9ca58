import { GoalsPage } from './pages';
import { expect, test } from './fixtures';
import { seedSamples, type Sample } from './metrics-seed';

/** Ada's last six days of steps: a short day, then five days over 10,000. */
const steps: Sample[] = [
  { type: 'steps', value: 3000, daysAgo: 5 },
  ...[4, 3, 2, 1, 0].map((daysAgo) => ({ type: 'steps', value: 11_000, daysAgo })),
];

test.describe('goals (issue 9, part 4)', () => {
  test('a goal made in the dialog shows its progress and streak; it can be edited and deleted', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    test.slow(); // a whole flow: create, edit, delete
    await seedSamples(request, user, steps);
    const goals = new GoalsPage(page);
    await goals.goto();
    await expect(goals.emptyState).toBeVisible();
    await goals.createFirstButton.click();
    await expect(goals.dialog).toHaveAccessibleName('New goal');

    // Leaving everything out says what is missing.
    await goals.submit();
    await expect(goals.dialog).toContainText('Choose the metric the goal is about.');
    await expect(goals.dialog).toContainText('Enter a target.');

    await goals.fill({ metric: 'Steps', target: '10 000' });
    await expect(goals.dialog.getByRole('combobox', { name: 'Unit' })).toHaveText('steps');
    await goals.submit();
    await expect(goals.dialog).toBeHidden();

    const card = goals.card('10,000 steps a day');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('goal-current')).toHaveText('Today: 11,000 steps');
    await expect(card.getByTestId('goal-percent')).toHaveText('100 %');
    await expect(card.getByText('Met', { exact: true })).toBeVisible();
    await expect(card.getByTestId('goal-streak')).toHaveText('5-day streak · best 5');
    await expect(card.getByRole('img', { name: /^Last 30 days: target met on 5 of 30$/ })).toBeVisible();

    await goals.edit(card);
    await expect(goals.dialog).toHaveAccessibleName('Edit goal');
    await expect(goals.dialog.getByRole('textbox', { name: 'Target' })).toHaveValue('10000');
    await goals.fill({ target: '12000' });
    await goals.submit();
    await expect(goals.dialog).toBeHidden();
    const edited = goals.card('12,000 steps a day');
    await expect(edited).toBeVisible();
    await expect(edited.getByTestId('goal-percent')).toHaveText('92 %');
    await expect(edited.getByText('Not met yet')).toBeVisible();
    await expect(edited.getByTestId('goal-streak')).toHaveText('No streak yet');

    await page.reload();
    await expect(goals.card('12,000 steps a day')).toBeVisible();
    await goals.delete(goals.card('12,000 steps a day'));
    await expect(goals.deleteDialog).toBeHidden();
    await expect(goals.cards).toHaveCount(0);
    await expect(goals.emptyState).toBeVisible();
  });

  test('a weight goal by a date, in the units of an imperial user, with a title of their own', async ({
    signedInPage: page,
    request,
    user,
  }) => {
    // A weigh-in every third day, 82 kg down to 80 kg: enough for a prediction.
    const weighIns = [82, 81.7, 81.5, 81.2, 80.9, 80.7, 80.4, 80].map((value, i) => ({
      type: 'weight',
      value,
      unit: 'kg',
      daysAgo: 21 - 3 * i,
    }));
    const token = await seedSamples(request, user, weighIns);
    const put = await request.put('/api/auth/profile', {
      data: { settings: { preferences: { units: 'imperial' } } },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(put.status(), await put.text()).toBe(200);

    const goals = new GoalsPage(page);
    await goals.goto();
    // The example fills in weight, at most, by a date; Ada types her target in pounds.
    await goals.main.getByRole('button', { name: 'Weight 75 kg by a date' }).click();
    await expect(goals.dialog.getByRole('combobox', { name: 'Metric' })).toHaveValue('Weight');
    await expect(goals.dialog.getByRole('radio', { name: 'By a date' })).toBeChecked();
    await expect(goals.dialog.getByRole('radio', { name: 'At most' })).toBeChecked();
    await goals.fill({ target: '165', unit: 'lb', deadline: '2099-06-30', title: 'Summer weight' });
    await goals.submit();
    await expect(goals.dialog).toBeHidden();

    const card = goals.card('Summer weight');
    await expect(card.getByTestId('goal-target')).toHaveText('Weight 165 lb by 30 Jun 2099');
    await expect(card.getByTestId('goal-current')).toHaveText('Latest: 176.4 lb');
    await expect(card.getByTestId('goal-prediction')).toHaveText(/^At this rate: around .+ — on track$/);
    await expect(card).not.toContainText('kg');
  });
});
