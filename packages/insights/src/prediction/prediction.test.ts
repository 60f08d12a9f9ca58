import { describe, expect, it } from 'vitest';
import type { GoalSpec } from '../types';
import { isoDay } from '../shared/days';
import { engineInput } from '../test-support/input';
import { mulberry32, normal } from '../test-support/random';
import { TODAY, series } from '../test-support/series';
import { predictionRule } from './index';

const goal: GoalSpec = {
  id: 'g1',
  title: 'Weight 75 kg',
  metric: 'weight',
  target: 75,
  direction: 'at_most',
  period: 'by_date',
  deadline: TODAY + 120,
  createdDay: TODAY - 90,
  startValue: 83,
};

/** Weight losing 0.05 kg a day from 82 kg 60 days ago: 75 kg is reached on TODAY + 81. */
const losing = (seed: number, days = 60) => {
  const random = mulberry32(seed);
  return series('weight', days, (i) => 82 - 0.05 * (i - days + 60) + normal(random, 0, 0.5));
};

describe('prediction rule — goals', () => {
  it('says when a by-date goal will be reached, with an interval that brackets the truth', () => {
    const findings = predictionRule(engineInput({ series: [losing(1)], goals: [goal] }));
    const finding = findings.find((f) => f.key === 'prediction:goal:g1')!;
    expect(finding.severity).toBe('info');
    expect(finding.title).toMatch(/^Weight 75 kg: 75 kg around \d+ \w+$/);
    expect(finding.description).toMatch(
      /you will reach 75 kg around .* \(between .* and .*\), by your deadline of 28 Oct\./,
    );
    expect(finding.values.onTrack).toBe('yes');
    const truth = isoDay(TODAY + 81);
    expect(finding.values.low! <= truth && truth <= finding.values.high!).toBe(true);
  });

  it('brackets the true crossing day for at least 90 % of seeds', () => {
    let covered = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const finding = predictionRule(engineInput({ series: [losing(seed)], goals: [goal] })).find(
        (f) => f.key === 'prediction:goal:g1',
      );
      const truth = isoDay(TODAY + 81);
      if (finding && String(finding.values.low) <= truth && truth <= String(finding.values.high)) covered++;
    }
    expect(covered).toBeGreaterThanOrEqual(90);
  });

  it('warns when the deadline comes first, and when the weight moves away', () => {
    const early = predictionRule(
      engineInput({ series: [losing(2)], goals: [{ ...goal, deadline: TODAY + 30 }] }),
    );
    expect(early.find((f) => f.key === 'prediction:goal:g1')).toMatchObject({
      severity: 'warning',
      actionable: true,
    });
    const gaining = series('weight', 60, (i) => 80 + 0.05 * i);
    const away = predictionRule(engineInput({ series: [gaining], goals: [goal] })).find(
      (f) => f.key === 'prediction:goal:g1',
    );
    expect(away).toMatchObject({
      severity: 'warning',
      title: 'Weight 75 kg: not moving toward 75 kg at the current rate',
    });
  });
});

describe('prediction rule — body measures', () => {
  it('projects weight 30 days ahead with an interval that brackets the planted truth', () => {
    let covered = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const finding = predictionRule(engineInput({ series: [losing(seed, 90)] })).find(
        (f) => f.key === 'prediction:weight:30d',
      );
      expect(finding).toBeDefined();
      // The true line is at 82 − 0.05 · 59 today; 30 days on it is 1.5 kg lower.
      const truth = 82 - 0.05 * 59 - 1.5;
      if ((finding!.values.low as number) <= truth && truth <= (finding!.values.high as number)) covered++;
    }
    expect(covered).toBeGreaterThanOrEqual(90);
  });

  it('says nothing for flat or thin data, or for kinds that are not body measures', () => {
    const random = mulberry32(4);
    const flat = series('weight', 90, () => normal(random, 80, 0.5));
    const thin = series('weight', 10, (i) => 80 - 0.2 * i);
    const steps = series('steps', 90, (i) => 5000 + 50 * i);
    expect(predictionRule(engineInput({ series: [flat] }))).toEqual([]);
    expect(predictionRule(engineInput({ series: [thin] }))).toEqual([]);
    expect(predictionRule(engineInput({ series: [steps] }))).toEqual([]);
    expect(predictionRule(engineInput({ goals: [goal] }))).toEqual([]);
  });
});
