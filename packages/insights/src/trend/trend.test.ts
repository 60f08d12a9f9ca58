import { describe, expect, it } from 'vitest';
import { engineInput } from '../test-support/input';
import { logNormal, mulberry32, normal } from '../test-support/random';
import { TODAY, series } from '../test-support/series';
import { trendRule } from './index';

/** 120 days of resting heart rate around 58 bpm, rising `perDay` over the last 30. */
function restingHr(seed: number, perDay: number) {
  const random = mulberry32(seed);
  return series('resting_heart_rate', 120, (i) => 58 + Math.max(0, i - 89) * perDay + normal(random, 0, 1.5));
}

describe('trend rule', () => {
  it('finds a planted rise in resting heart rate with the right sign and size', () => {
    const [finding, ...rest] = trendRule(engineInput({ series: [restingHr(1, 0.2)] }));
    expect(rest).toHaveLength(0);
    expect(finding!.key).toBe('trend:resting_heart_rate:up');
    expect(finding!.type).toBe('trend');
    expect(finding!.values.change).toBeGreaterThan(4.5);
    expect(finding!.values.change).toBeLessThan(7.5);
    expect(finding!.values.windowDays).toBe(30);
    expect(finding!.values.p).toBeLessThan(0.001);
    expect(finding!.title).toMatch(/^Resting heart rate up \d bpm over 30 days$/);
    expect(finding!.severity).toBe('warning');
    expect(finding!.recommendations.length).toBeGreaterThan(0);
    expect(finding!.relatedMetrics).toEqual(['resting_heart_rate']);
    expect(finding!.window).toEqual({ from: TODAY - 30, to: TODAY - 1 });
    expect(finding!.series[0]!.points.length).toBeLessThanOrEqual(120);
  });

  it('finds a slow fall in steps over 90 days and calls it by its size', () => {
    const random = mulberry32(2);
    // 9,000 steps a day falling 20 a day: 1,800 fewer over 90 days.
    const steps = series('steps', 90, (i) => logNormal(random, 9000 - 20 * i, 0.15));
    const [finding] = trendRule(engineInput({ series: [steps] }));
    expect(finding?.key).toBe('trend:steps:down');
    expect(finding!.values.windowDays).toBe(90);
    expect(finding!.values.slopePerDay).toBeLessThan(-10);
    expect(finding!.values.slopePerDay).toBeGreaterThan(-30);
  });

  it('keeps the same key when the figures change slightly', () => {
    const keys = new Set(
      [1, 2, 3, 4, 5].flatMap((seed) =>
        trendRule(engineInput({ series: [restingHr(seed, 0.2)] })).map((f) => f.key),
      ),
    );
    expect([...keys]).toEqual(['trend:resting_heart_rate:up']);
  });

  it('ignores a small change that is statistically clear but does not matter', () => {
    // 0.05 bpm a day with little noise: clear, but 1.5 bpm over 30 days is below the 3 bpm minimum.
    const random = mulberry32(9);
    const hr = series('resting_heart_rate', 30, (i) => 58 + 0.05 * i + normal(random, 0, 0.3));
    expect(trendRule(engineInput({ series: [hr] }))).toEqual([]);
  });

  it('finds no trend in flat noise (measured over many seeds)', () => {
    let found = 0;
    const seeds = 200;
    for (let seed = 1; seed <= seeds; seed++) {
      const random = mulberry32(seed);
      const data = [
        series('resting_heart_rate', 120, () => normal(random, 60, 2.5)),
        series('steps', 120, () => logNormal(random, 8000, 0.35)),
        series('sleep_duration', 120, () => normal(random, 7.2, 0.7)),
        series('weight', 120, () => normal(random, 80, 0.6)),
      ];
      found += trendRule(engineInput({ series: data })).length;
    }
    expect(found / (seeds * 4)).toBeLessThan(0.01);
  });

  it('gives nothing on thin data and never throws', () => {
    const cases = [
      [],
      [series('resting_heart_rate', 3, (i) => 60 + i)],
      [series('resting_heart_rate', 13, (i) => 60 + i)],
      [series('weight', 60, () => 80)],
      [series('steps', 60, () => Number.NaN)],
      [series('diagnosis', 60, (i) => i)],
    ];
    for (const data of cases) expect(trendRule(engineInput({ series: data }))).toEqual([]);
  });
});
