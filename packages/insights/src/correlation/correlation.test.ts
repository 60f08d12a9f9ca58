import { describe, expect, it } from 'vitest';
import { engineInput } from '../test-support/input';
import { logNormal, mulberry32, normal } from '../test-support/random';
import { series } from '../test-support/series';
import { correlationRule } from './index';

/**
 * 180 days in which each exercise minute on day d costs 0.6 minutes of the night that ends on d + 1,
 * alongside steps and resting heart rate that are independent of both.
 */
function planted(seed: number, effect = 0.01) {
  const random = mulberry32(seed);
  const exercise = Array.from({ length: 180 }, () => Math.max(0, normal(random, 45, 25)));
  return [
    series('exercise_minutes', 180, (i) => exercise[i]!),
    series(
      'sleep_duration',
      180,
      (i) => 7.6 - effect * (i > 0 ? exercise[i - 1]! : 45) + normal(random, 0, 0.4),
    ),
    series('steps', 180, () => logNormal(random, 8000, 0.3)),
    series('resting_heart_rate', 180, () => normal(random, 58, 2)),
  ];
}

describe('correlation rule', () => {
  it('finds late exercise → shorter sleep the next day, with the right sign and lag', () => {
    const findings = correlationRule(engineInput({ series: planted(1) }));
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding!.key).toBe('correlation:exercise_minutes:sleep_duration');
    expect(finding!.values.lag).toBe(1);
    expect(finding!.values.r).toBeLessThan(-0.3);
    expect(finding!.values.n).toBeGreaterThanOrEqual(170);
    expect(finding!.values.pAdjusted).toBeLessThan(0.05);
    expect(finding!.title).toBe('More exercise, less sleep the next day');
    expect(finding!.relatedMetrics).toEqual(['exercise_minutes', 'sleep_duration']);
    expect(finding!.recommendations[0]).toMatch(/^Consider/);
    expect(finding!.series.map((s) => s.points.length)).toEqual([120, 120]);
  });

  it('finds it for nearly every seed, with a stable key', () => {
    let found = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const keys = correlationRule(engineInput({ series: planted(seed) })).map((f) => f.key);
      if (keys.includes('correlation:exercise_minutes:sleep_duration')) found++;
    }
    expect(found).toBeGreaterThanOrEqual(38);
  });

  it('reports no correlation between independent series (over many seeds)', () => {
    let seedsWithAny = 0;
    const seeds = 100;
    for (let seed = 1; seed <= seeds; seed++) {
      if (correlationRule(engineInput({ series: planted(seed, 0) })).length > 0) seedsWithAny++;
    }
    expect(seedsWithAny / seeds).toBeLessThanOrEqual(0.05);
    expect(seedsWithAny).toBeLessThanOrEqual(1);
  });

  it('ignores a slow drift shared by two series (a trend is not a day-to-day link)', () => {
    const random = mulberry32(5);
    const findings = correlationRule(
      engineInput({
        series: [
          series('weight', 365, (i) => 85 - 0.02 * i + normal(random, 0, 0.4)),
          series('steps', 365, (i) => logNormal(random, 6000 + 10 * i, 0.3)),
        ],
      }),
    );
    expect(findings).toEqual([]);
  });

  it('needs 30 paired days and never throws on thin data', () => {
    const short = planted(1).map((item) => ({
      ...item,
      days: item.days.slice(-29),
      values: item.values.slice(-29),
    }));
    expect(correlationRule(engineInput({ series: short }))).toEqual([]);
    expect(correlationRule(engineInput({ series: [] }))).toEqual([]);
    const flat = [series('steps', 60, () => 5000), series('sleep_duration', 60, () => 7)];
    expect(correlationRule(engineInput({ series: flat }))).toEqual([]);
  });
});
