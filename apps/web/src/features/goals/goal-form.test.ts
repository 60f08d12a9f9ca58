import { describe, expect, it } from 'vitest';
import {
  checkGoalForm,
  emptyGoalForm,
  formFromGoal,
  parseTarget,
  withMetric,
  type GoalForm,
} from './goal-form';
import { weightGoal } from './test-utils';

const now = new Date('2026-11-20T12:00:00');
const form = (changes: Partial<GoalForm>): GoalForm => ({ ...emptyGoalForm(), ...changes });

describe('goal form', () => {
  it('reads targets as people type them', () => {
    expect(parseTarget('10000')).toBe(10_000);
    expect(parseTarget('10 000')).toBe(10_000);
    expect(parseTarget('10,000')).toBe(10_000);
    expect(parseTarget('5.7')).toBe(5.7);
    expect(parseTarget('5,7')).toBe(5.7);
    expect(parseTarget('ten')).toBeUndefined();
  });

  it('says what is missing in words', () => {
    const checked = checkGoalForm(form({ period: 'by_date' }), now);
    expect(checked).toEqual({
      errors: {
        metric: 'Choose the metric the goal is about.',
        target: 'Enter a target.',
        deadline: 'Choose the date to reach the target by.',
      },
    });
  });

  it('refuses targets and dates that cannot work', () => {
    const check = (changes: Partial<GoalForm>) => checkGoalForm(form({ metric: 'steps', ...changes }), now);
    expect(check({ target: 'lots' })).toEqual({
      errors: { target: 'Enter the target as a number, e.g. 10000 or 5.7.' },
    });
    expect(check({ target: '-5' })).toEqual({ errors: { target: 'The target cannot be negative.' } });
    expect(check({ target: '0' })).toEqual({
      errors: { target: 'At least 0 is always met: enter a target above 0.' },
    });
    expect(check({ target: '1', period: 'by_date', deadline: '2026-11-20' })).toEqual({
      errors: { deadline: 'Choose a date after today.' },
    });
    expect(check({ target: '1', title: 'x'.repeat(121) })).toEqual({
      errors: { title: 'Keep the title to 120 characters or fewer.' },
    });
  });

  it('sends the target in the unit it was typed in, for the server to convert', () => {
    const chosen = withMetric(form({ target: '165' }), 'weight', 'imperial');
    expect(chosen.unit).toBe('[lb_av]');
    expect(checkGoalForm({ ...chosen, period: 'by_date', deadline: '2027-06-30' }, now)).toEqual({
      input: {
        metric: 'weight',
        target: 165,
        unit: '[lb_av]',
        direction: 'at_least',
        period: 'by_date',
        deadline: '2027-06-30',
      },
    });
  });

  it('suggests at most for a lab with only an upper limit, and a daily total for counted kinds', () => {
    expect(withMetric(emptyGoalForm(), 'hemoglobin_a1c', 'metric')).toMatchObject({
      unit: '%',
      direction: 'at_most',
    });
    expect(withMetric(form({ period: 'by_date' }), 'steps', 'metric')).toMatchObject({
      unit: '{count}',
      period: 'daily',
    });
  });

  it('opens an existing goal in the user’s units', () => {
    const typedInPounds = { ...weightGoal(), target: 74.842741 };
    expect(formFromGoal(typedInPounds, 'imperial').target).toBe('165');
    expect(formFromGoal(weightGoal(), 'imperial')).toEqual({
      metric: 'weight',
      target: '165.347',
      unit: '[lb_av]',
      direction: 'at_most',
      period: 'by_date',
      deadline: '2027-06-30',
      title: '',
    });
    expect(formFromGoal({ ...weightGoal(), title: 'Summer weight' }, 'metric').title).toBe('Summer weight');
  });
});
