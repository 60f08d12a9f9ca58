import { describe, expect, it } from 'vitest';
import type { GoalSpec } from '../types';
import { engineInput } from '../test-support/input';
import { mulberry32, normal } from '../test-support/random';
import { TODAY, series } from '../test-support/series';
import { goalProgressRule } from './index';

const steps: GoalSpec = {
  id: 'steps-10k',
  title: '10,000 steps a day',
  metric: 'steps',
  target: 10_000,
  direction: 'at_least',
  period: 'daily',
  deadline: null,
  createdDay: TODAY - 60,
  startValue: null,
};

const weight: GoalSpec = {
  id: 'weight-75',
  title: 'Weight 75 kg',
  metric: 'weight',
  target: 75,
  direction: 'at_most',
  period: 'by_date',
  deadline: TODAY + 60,
  createdDay: TODAY - 60,
  startValue: 82,
};

describe('goal progress rule', () => {
  it('counts recent days met and the streak in plain words', () => {
    // The last 10 days: two misses early on, then 4 met in a row ending today.
    const values = [12_000, 8000, 11_000, 10_500, 10_200, 9000, 10_100, 10_400, 11_000, 12_500];
    const data = series('steps', 10, (i) => values[i]!);
    const [finding] = goalProgressRule(engineInput({ series: [data], goals: [steps] }));
    expect(finding).toMatchObject({
      key: 'goal_progress:steps-10k',
      type: 'goal_progress',
      severity: 'info',
      title: '8 of the last 10 days at or above 10,000 steps; streak 4 days',
      relatedMetrics: ['steps'],
    });
    expect(finding!.values).toMatchObject({ streak: 4, bestStreak: 4, current: 12_500, percent: 100 });
    expect(finding!.series[0]!.band).toEqual({ low: 10_000, high: null, label: 'Target' });
    expect(finding!.series[0]!.highlight).toHaveLength(8);
  });

  it('counts weeks for weekly goals', () => {
    const weekly: GoalSpec = { ...steps, id: 'w', target: 60_000, period: 'weekly' };
    const [finding] = goalProgressRule(
      engineInput({ series: [series('steps', 32, () => 10_000)], goals: [weekly] }),
    );
    expect(finding!.title).toBe('4 of the last 4 weeks at or above 60,000 steps; streak 4 weeks');
  });

  it('warns when a by-date goal is off track, and not when it is on track', () => {
    const random = mulberry32(1);
    const slow = series('weight', 60, (i) => 82 - 0.02 * i + normal(random, 0, 0.2));
    const [off] = goalProgressRule(engineInput({ series: [slow], goals: [weight] }));
    expect(off).toMatchObject({ severity: 'warning', actionable: true });
    expect(off!.title).toMatch(/^Weight 75 kg: \d+ % of the way$/);
    expect(off!.description).toContain('you will miss the deadline');
    const fast = series('weight', 60, (i) => 82 - 0.08 * i + normal(random, 0, 0.2));
    const [on] = goalProgressRule(engineInput({ series: [fast], goals: [weight] }));
    expect(on).toMatchObject({ severity: 'info', key: 'goal_progress:weight-75' });
    expect(on!.description).toContain('on track');
  });

  it('says when a by-date goal is reached', () => {
    const [finding] = goalProgressRule(
      engineInput({ series: [series('weight', 5, () => 74.6)], goals: [weight] }),
    );
    expect(finding!.title).toBe('Weight 75 kg: reached (74.6 kg)');
  });

  it('gives nothing for a goal without data and never throws', () => {
    expect(goalProgressRule(engineInput({ goals: [steps, weight] }))).toEqual([]);
    const nan = series('steps', 5, () => Number.NaN);
    expect(goalProgressRule(engineInput({ series: [nan], goals: [steps] }))).toEqual([]);
  });
});
