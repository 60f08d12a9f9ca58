import type { Goal, GoalProgress } from '@healthfolio/core';

/** Ada's "10,000 steps a day" (titled by the server), four days into a streak; override what the test is about. */
export function goal(
  overrides: Partial<Omit<Goal, 'progress'>> & { progress?: Partial<GoalProgress> } = {},
): Goal {
  const { progress, ...rest } = overrides;
  return {
    id: 'goal_1',
    title: 'Steps at least 10,000 a day',
    metric: 'steps',
    target: 10_000,
    unit: '{count}',
    direction: 'at_least',
    period: 'daily',
    deadline: null,
    startValue: null,
    createdAt: '2026-10-01T08:00:00.000Z',
    progress: {
      current: 6_400,
      percent: 64,
      met: false,
      streak: 4,
      bestStreak: 9,
      history: [
        { start: '2026-10-27', value: 10_400, met: true },
        { start: '2026-10-28', value: 11_000, met: true },
        { start: '2026-10-29', value: 7_000, met: false },
        { start: '2026-10-30', value: null, met: false },
      ],
      prediction: null,
      ...progress,
    },
    ...rest,
  };
}

/** Ada's weight goal: 75 kg by the end of June, from 80 kg. */
export function weightGoal(overrides: Partial<GoalProgress> = {}): Goal {
  return goal({
    id: 'goal_2',
    title: 'Weight at most 75 kg by 2027-06-30',
    metric: 'weight',
    target: 75,
    unit: 'kg',
    direction: 'at_most',
    period: 'by_date',
    deadline: '2027-06-30',
    startValue: 80,
    progress: {
      current: 78,
      percent: 40,
      met: false,
      streak: 0,
      bestStreak: 0,
      history: [
        { start: '2026-11-01', value: 80, met: false },
        { start: '2026-11-15', value: 78, met: false },
      ],
      prediction: {
        date: '2027-05-12',
        low: '2027-05-02',
        high: '2027-05-30',
        onTrack: true,
        ratePerDay: -0.03,
      },
      ...overrides,
    },
  });
}
