import { describe, expect, it } from 'vitest';
import type { GoalSpec } from '../types';
import { isoDay } from '../shared/days';
import { mulberry32, normal } from '../test-support/random';
import { TODAY, series } from '../test-support/series';
import { goalProgress } from './index';

const stepsGoal: GoalSpec = {
  id: 'g-steps',
  title: '10,000 steps a day',
  metric: 'steps',
  target: 10_000,
  direction: 'at_least',
  period: 'daily',
  deadline: null,
  createdDay: TODAY - 100,
  startValue: null,
};

/** The last values of a daily series, today last. */
const lastDays = (kind: string, values: (number | null)[]) =>
  series(kind, values.length, (i) => values[i] ?? null);

describe('goalProgress — daily', () => {
  it('counts the streak up to today and the best streak', () => {
    // 12 days, today last: best run of 5, then a miss, then 4 met ending today.
    const steps = lastDays(
      'steps',
      [9000, 11_000, 12_000, 10_500, 10_000, 13_000, 8000, 11_000, 12_000, 10_100, 10_200, 12_500],
    );
    const progress = goalProgress(stepsGoal, steps, TODAY);
    expect(progress.current).toBe(12_500);
    expect(progress.met).toBe(true);
    expect(progress.percent).toBe(100);
    expect(progress.streak).toBe(5);
    expect(progress.bestStreak).toBe(5);
    expect(progress.history).toHaveLength(30);
    expect(progress.history[29]).toEqual({ start: isoDay(TODAY), value: 12_500, met: true });
    expect(progress.history[0]).toEqual({ start: isoDay(TODAY - 29), value: null, met: false });
    expect(progress.prediction).toBeNull();
  });

  it('keeps yesterday’s streak while today is not met yet, and breaks it on a day without data', () => {
    const partial = goalProgress(stepsGoal, lastDays('steps', [11_000, 12_000, 10_500, 3000]), TODAY);
    expect(partial.met).toBe(false);
    expect(partial.percent).toBe(30);
    expect(partial.streak).toBe(3);
    const gap = goalProgress(stepsGoal, lastDays('steps', [11_000, 12_000, null, 10_500, 3000]), TODAY);
    expect(gap.streak).toBe(1);
    expect(gap.bestStreak).toBe(2);
    const stale = goalProgress(stepsGoal, lastDays('steps', [11_000, 12_000, null, null]), TODAY);
    expect(stale.streak).toBe(0);
    expect(stale.current).toBeNull();
  });

  it('reads at_most goals the other way round', () => {
    const goal: GoalSpec = { ...stepsGoal, metric: 'nutrition_calories', target: 2000, direction: 'at_most' };
    const progress = goalProgress(goal, lastDays('nutrition_calories', [1800, 1900, 2500]), TODAY);
    expect(progress.met).toBe(false);
    expect(progress.percent).toBe(80);
    expect(progress.streak).toBe(2);
    // Under the limit so far today, but the day is not over: met for now, not yet in the streak.
    const under = goalProgress(goal, lastDays('nutrition_calories', [1800, 1900, 1950]), TODAY);
    expect(under.met).toBe(true);
    expect(under.streak).toBe(2);
    expect(under.bestStreak).toBe(2);
    // Once the day is over it counts.
    expect(goalProgress(goal, lastDays('nutrition_calories', [1800, 1900, 1950]), TODAY + 1).streak).toBe(3);
  });
});

describe('goalProgress — weekly', () => {
  const weeklyGoal: GoalSpec = { ...stepsGoal, target: 60_000, period: 'weekly' };

  it('sums Monday-to-Sunday weeks and counts week streaks', () => {
    // 32 days of 10,000 steps, Saturday 30 May to Tuesday 30 June: the first week holds 20,000, then
    // four full weeks of 70,000, and this week 20,000 so far.
    const progress = goalProgress(
      weeklyGoal,
      series('steps', 32, () => 10_000),
      TODAY,
    );
    expect(progress.history).toHaveLength(12);
    expect(progress.history[11]).toEqual({ start: '2026-06-29', value: 20_000, met: false });
    expect(progress.history[10]).toEqual({ start: '2026-06-22', value: 70_000, met: true });
    expect(progress.history[6]).toEqual({ start: '2026-05-25', value: 20_000, met: false });
    expect(progress.history[5]!.value).toBeNull();
    expect(progress.current).toBe(20_000);
    expect(progress.percent).toBeCloseTo(33.3, 1);
    expect(progress.streak).toBe(4);
    expect(progress.bestStreak).toBe(4);
  });

  it('averages weekly values of averaged kinds', () => {
    const goal: GoalSpec = { ...weeklyGoal, metric: 'resting_heart_rate', target: 60, direction: 'at_most' };
    const progress = goalProgress(
      goal,
      series('resting_heart_rate', 9, (i) => (i % 2 === 0 ? 56 : 62)),
      TODAY,
    );
    expect(progress.history[10]!.value).toBeCloseTo((56 + 62 + 56 + 62 + 56 + 62 + 56) / 7, 10);
    expect(progress.history[10]!.met).toBe(true);
  });
});

describe('goalProgress — by date', () => {
  const weightGoal: GoalSpec = {
    id: 'g-weight',
    title: 'Weight 75 kg by December',
    metric: 'weight',
    target: 75,
    direction: 'at_most',
    period: 'by_date',
    deadline: TODAY + 150,
    createdDay: TODAY - 59,
    startValue: 82,
  };

  it('measures the way from the start value and predicts the date with an interval', () => {
    // 82 kg sixty days ago, losing 0.05 kg a day: 79.05 today, 75 on day TODAY + 81.
    const random = mulberry32(1);
    const weight = series('weight', 60, (i) => 82 - 0.05 * i + normal(random, 0, 0.4));
    const progress = goalProgress(weightGoal, weight, TODAY);
    expect(progress.percent).toBeGreaterThan(35);
    expect(progress.percent).toBeLessThan(50);
    expect(progress.met).toBe(false);
    expect(progress.history).toHaveLength(60);
    const prediction = progress.prediction!;
    expect(prediction.ratePerDay).toBeCloseTo(-0.05, 2);
    expect(prediction.onTrack).toBe(true);
    expect(prediction.low! <= isoDay(TODAY + 81) && isoDay(TODAY + 81) <= prediction.high!).toBe(true);
    expect(prediction.date! >= prediction.low! && prediction.date! <= prediction.high!).toBe(true);
  });

  it('brackets the true crossing day for at least 90 % of seeds', () => {
    let covered = 0;
    const seeds = 100;
    for (let seed = 1; seed <= seeds; seed++) {
      const random = mulberry32(seed);
      const weight = series('weight', 60, (i) => 82 - 0.05 * i + normal(random, 0, 0.5));
      const prediction = goalProgress(weightGoal, weight, TODAY).prediction;
      const truth = isoDay(TODAY + 81);
      if (prediction?.low && prediction.high && prediction.low <= truth && truth <= prediction.high)
        covered++;
    }
    expect(covered / seeds).toBeGreaterThanOrEqual(0.9);
  });

  it('is off track when the deadline comes first, and has no date when moving away or flat', () => {
    const weight = series('weight', 60, (i) => 82 - 0.02 * i);
    const late = goalProgress({ ...weightGoal, deadline: TODAY + 30 }, weight, TODAY).prediction!;
    expect(late.onTrack).toBe(false);
    expect(late.date).not.toBeNull();
    const away = goalProgress(
      weightGoal,
      series('weight', 60, (i) => 80 + 0.03 * i),
      TODAY,
    ).prediction!;
    expect(away).toMatchObject({ date: null, low: null, high: null, onTrack: false });
    const random = mulberry32(3);
    const flat = goalProgress(
      weightGoal,
      series('weight', 60, () => 80 + normal(random, 0, 0.5)),
      TODAY,
    );
    expect(flat.prediction?.date ?? null).toBeNull();
  });

  it('counts a goal already reached as met, on track, with the latest reading as its date', () => {
    const progress = goalProgress(
      weightGoal,
      series('weight', 10, (i) => 75.5 - 0.1 * i),
      TODAY,
    );
    expect(progress.met).toBe(true);
    expect(progress.percent).toBe(100);
    expect(progress.streak).toBe(5);
    expect(progress.prediction).toMatchObject({ date: isoDay(TODAY), onTrack: true });
  });
});

describe('goalProgress — thin data', () => {
  it('answers without data and never throws', () => {
    for (const period of ['daily', 'weekly', 'by_date'] as const) {
      const goal = { ...stepsGoal, period, deadline: period === 'by_date' ? TODAY + 10 : null };
      for (const data of [undefined, series('steps', 3, () => 5000), series('steps', 3, () => Number.NaN)]) {
        const progress = goalProgress(goal, data, TODAY);
        expect(progress.streak).toBeGreaterThanOrEqual(0);
        expect(Number.isFinite(progress.percent)).toBe(true);
        expect(progress.prediction).toBeNull();
      }
    }
  });
});
