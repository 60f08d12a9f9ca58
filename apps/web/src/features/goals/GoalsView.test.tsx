// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Goal } from '@healthfolio/core';
import { afterEach, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/app-test-utils';
import { apiError, inTurn, noContent, onApi } from '../../test/msw';
import { GoalsView } from './GoalsView';
import { goal, weightGoal } from './test-utils';

/** `GET /api/goals` answers these goals, in turn. */
const goals = (...lists: Goal[][]) =>
  onApi('get', '/api/goals', inTurn(...lists.map((items) => ({ items }))));

function renderGoals(units: 'metric' | 'imperial' = 'metric') {
  const { ui } = signedIn(<GoalsView />, { url: '/goals', units });
  render(ui);
}

function badRequest(message: string) {
  return apiError(400, 'validation', message);
}

async function chooseMetric(user: ReturnType<typeof userEvent.setup>, label: string) {
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByRole('combobox', { name: 'Metric' }), label);
  await user.click(await screen.findByRole('option', { name: label }));
}

// Typing into MUI fields is slow in jsdom; a loaded machine needs more than the default 5 s.
describe('GoalsView', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
  });

  it('keeps a title the person gave', async () => {
    goals([goal({ title: 'Walk more' })]);
    renderGoals();
    const card = await screen.findByRole('article', { name: 'Walk more' });
    expect(within(card).getByTestId('goal-target').textContent).toBe('10,000 steps a day');
  });

  it('shows a goal’s progress, streak and history', async () => {
    goals([goal()]);
    renderGoals();
    const card = await screen.findByRole('article', { name: '10,000 steps a day' });
    expect(within(card).getByTestId('goal-current').textContent).toBe('Today: 6,400 steps');
    expect(within(card).getByTestId('goal-percent').textContent).toBe('64 %');
    const bar = within(card).getByRole('progressbar', { name: 'Progress toward 10,000 steps a day' });
    expect(bar.getAttribute('aria-valuenow')).toBe('64');
    expect(within(card).getByText('Not met yet')).toBeTruthy();
    expect(within(card).getByTestId('goal-streak').textContent).toBe('4-day streak · best 9');
    expect(within(card).getByRole('img', { name: 'Last 4 days: target met on 2 of 4' })).toBeTruthy();
    expect(within(card).queryByTestId('goal-prediction')).toBeNull();
  });

  it('shows where a by-date goal is heading, in the user’s units', async () => {
    goals([weightGoal({ met: true, percent: 120 })]);
    renderGoals('imperial');
    // The server's title is the target in other words: the card says it in the user's units.
    const card = await screen.findByRole('article', { name: 'Weight 165.3 lb by 30 Jun 2027' });
    expect(within(card).queryByTestId('goal-target')).toBeNull();
    expect(within(card).getByTestId('goal-current').textContent).toBe('Latest: 172 lb');
    expect(within(card).getByTestId('goal-percent').textContent).toBe('100 %');
    expect(within(card).getByText('Met')).toBeTruthy();
    expect(within(card).getByTestId('goal-prediction').textContent).toMatch(
      /^At this rate: around 12 May( 2027)? \(2 May – 30 May( 2027)?\) — on track$/,
    );
  });

  it('starts from the empty state and explains each mistake in the dialog', async () => {
    const user = userEvent.setup();
    goals([]);
    const created = onApi('post', '/api/goals', goal());
    renderGoals();
    await user.click(await screen.findByRole('button', { name: 'Create your first goal' }));
    const dialog = screen.getByRole('dialog', { name: 'New goal' });
    await user.click(within(dialog).getByRole('radio', { name: 'By a date' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    expect(within(dialog).getByText('Choose the metric the goal is about.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a target.')).toBeTruthy();
    expect(within(dialog).getByText('Choose the date to reach the target by.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Target' }), 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    expect(within(dialog).getByText('Enter the target as a number, e.g. 10000 or 5.7.')).toBeTruthy();
    expect(created).toEqual([]);
  });

  it('creates a goal with the unit it was typed in, and shows its card', async () => {
    const user = userEvent.setup();
    goals([], [goal()]);
    const created = onApi('post', '/api/goals', goal());
    renderGoals();
    await user.click(await screen.findByRole('button', { name: 'Create your first goal' }));
    await chooseMetric(user, 'Steps');
    const dialog = screen.getByRole('dialog', { name: 'New goal' });
    expect(within(dialog).getByRole('combobox', { name: 'Unit' }).textContent).toBe('steps');
    await user.type(within(dialog).getByRole('textbox', { name: 'Target' }), '10 000');
    await user.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(created.map((request) => request.body)).toEqual([
      {
        metric: 'steps',
        target: 10_000,
        unit: '{count}',
        direction: 'at_least',
        period: 'daily',
        deadline: null,
      },
    ]);
    expect(await screen.findByRole('article', { name: '10,000 steps a day' })).toBeTruthy();
    expect(screen.getByText('Goal created')).toBeTruthy();
  });

  it('sends an imperial user’s weight in pounds, with its deadline and title', async () => {
    const user = userEvent.setup();
    goals([]);
    const created = onApi('post', '/api/goals', weightGoal());
    renderGoals('imperial');
    await user.click(await screen.findByRole('button', { name: 'Create your first goal' }));
    await chooseMetric(user, 'Weight');
    const dialog = screen.getByRole('dialog', { name: 'New goal' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Target' }), '165');
    await user.click(within(dialog).getByRole('radio', { name: 'At most' }));
    await user.click(within(dialog).getByRole('radio', { name: 'By a date' }));
    await user.type(within(dialog).getByLabelText(/Reach it by/), '2099-06-30');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title (optional)' }), 'Summer weight');
    await user.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    await waitFor(() =>
      expect(created.map((request) => request.body)).toEqual([
        {
          metric: 'weight',
          target: 165,
          unit: '[lb_av]',
          direction: 'at_most',
          period: 'by_date',
          deadline: '2099-06-30',
          title: 'Summer weight',
        },
      ]),
    );
  });

  it('shows the server’s message and keeps the dialog open', async () => {
    const user = userEvent.setup();
    goals([]);
    onApi('post', '/api/goals', badRequest('Unit "furlong" is not a unit of steps.'));
    renderGoals();
    await user.click(await screen.findByRole('button', { name: 'Create your first goal' }));
    await chooseMetric(user, 'Steps');
    const dialog = screen.getByRole('dialog', { name: 'New goal' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Target' }), '10000');
    await user.click(within(dialog).getByRole('button', { name: 'Create goal' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Unit "furlong" is not a unit of steps.',
    );
    expect(screen.getByRole('dialog', { name: 'New goal' })).toBeTruthy();
  });

  it('fills the dialog from an example', async () => {
    const user = userEvent.setup();
    goals([]);
    renderGoals();
    await user.click(await screen.findByRole('button', { name: 'HbA1c under 5.7 %' }));
    const dialog = screen.getByRole('dialog', { name: 'New goal' });
    expect(within(dialog).getByRole('combobox', { name: 'Metric' })).toHaveProperty('value', 'HbA1c');
    expect(within(dialog).getByRole('textbox', { name: 'Target' })).toHaveProperty('value', '5.7');
    expect(within(dialog).getByRole('radio', { name: 'At most' })).toHaveProperty('checked', true);
  });

  it('edits a goal in place', async () => {
    const user = userEvent.setup();
    const edited = goal({ title: 'Steps at least 8,000 a day', target: 8000 });
    goals([goal()], [edited]);
    const updated = onApi('put', '/api/goals/:id', edited);
    renderGoals();
    const card = await screen.findByRole('article', { name: '10,000 steps a day' });
    await user.click(within(card).getByRole('button', { name: /^Edit/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit goal' });
    const target = within(dialog).getByRole('textbox', { name: 'Target' });
    expect(target).toHaveProperty('value', '10000');
    await user.clear(target);
    await user.type(target, '8000');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(updated).toHaveLength(1));
    expect(updated[0]?.path).toBe('/api/goals/goal_1');
    // The server's title is left out, so the server writes a new one for the new target.
    expect(updated[0]?.body).toEqual({
      metric: 'steps',
      target: 8000,
      unit: '{count}',
      direction: 'at_least',
      period: 'daily',
      deadline: null,
    });
    expect(await screen.findByRole('article', { name: '8,000 steps a day' })).toBeTruthy();
  });

  it('deletes a goal once confirmed', async () => {
    const user = userEvent.setup();
    goals([goal()], []);
    const deleted = onApi('delete', '/api/goals/:id', noContent());
    renderGoals();
    const card = await screen.findByRole('article', { name: '10,000 steps a day' });
    await user.click(within(card).getByRole('button', { name: /^Delete/ }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this goal?' });
    expect(confirm.textContent).toContain('“10,000 steps a day” and its streaks will be deleted.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted.map((request) => request.path)).toEqual(['/api/goals/goal_1']));
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    expect(await screen.findByText('Goal deleted')).toBeTruthy();
  });
});
