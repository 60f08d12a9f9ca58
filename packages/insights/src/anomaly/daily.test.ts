import { describe, expect, it } from 'vitest';
import { isoDay } from '../shared/days';
import { engineInput } from '../test-support/input';
import { logNormal, mulberry32, normal, type Random } from '../test-support/random';
import { TODAY, series } from '../test-support/series';
import { anomalyRule } from './index';
import { anomaliesIn } from './daily';
import { cleanPoints } from '../shared/points';

describe('daily anomalies against the person’s baseline', () => {
  it('flags a planted high resting heart rate two days ago', () => {
    const random = mulberry32(1);
    const hr = series('resting_heart_rate', 120, (i) => (i === 117 ? 75 : normal(random, 58, 2)));
    const [finding, ...rest] = anomalyRule(engineInput({ series: [hr] }));
    expect(rest).toHaveLength(0);
    expect(finding!.key).toBe(`anomaly:resting_heart_rate:${isoDay(TODAY - 2)}`);
    expect(finding!.severity).toBe('warning');
    expect(finding!.values.z).toBeGreaterThan(4);
    expect(finding!.values.value).toBe(75);
    expect(finding!.title).toBe('Resting heart rate unusually high on 28 Jun: 75 bpm');
    expect(finding!.description).toMatch(
      /^Resting heart rate on 28 Jun: 75 bpm\. Your usual is about 5\d bpm \(the middle value of your 90 days from 25 Mar to 22 Jun\), and your days are rarely above 6\d bpm\.$/,
    );
    expect(finding!.window).toEqual({ from: TODAY - 97, to: TODAY - 1 });
    expect(finding!.series[0]!.highlight).toEqual([isoDay(TODAY - 2)]);
    expect(finding!.series[0]!.band?.high).toBeLessThan(75);
    expect(finding!.series[0]!.points.length).toBeLessThanOrEqual(120);
  });

  it('flags a very low step count on the log scale, and keeps the key when another day follows', () => {
    const random = mulberry32(2);
    const make = (extra: boolean) =>
      series('steps', 120, (i) => (i === 115 || (extra && i === 118) ? 900 : logNormal(random, 9000, 0.3)));
    const first = anomalyRule(engineInput({ series: [make(false)] }));
    const second = anomalyRule(engineInput({ series: [make(true)] }));
    expect(first.map((f) => f.key)).toEqual([`anomaly:steps:${isoDay(TODAY - 4)}`]);
    expect(second.map((f) => f.key)).toEqual(first.map((f) => f.key));
    expect(second[0]!.values.flaggedDays).toBe(2);
    expect(first[0]!.values.scale).toBe('log');
    expect(first[0]!.severity).toBe('warning');
  });

  it('needs 28 baseline days and a baseline that varies', () => {
    const short = series('resting_heart_rate', 30, (i) => (i === 28 ? 90 : 58 + (i % 3)));
    expect(anomalyRule(engineInput({ series: [short] }))).toEqual([]);
    const flat = series('resting_heart_rate', 120, (i) => (i === 118 ? 90 : 58));
    expect(anomalyRule(engineInput({ series: [flat] }))).toEqual([]);
  });

  it('flags under 1 day per metric per month on a year of pure noise (50 seeded years)', () => {
    const generators: [string, (random: Random) => number][] = [
      ['resting_heart_rate', (random) => normal(random, 60, 2.5)],
      ['sleep_duration', (random) => normal(random, 7.2, 0.7)],
      ['weight', (random) => normal(random, 80, 0.6)],
      ['steps', (random) => logNormal(random, 8000, 0.4)],
      ['active_calories_burned', (random) => logNormal(random, 450, 0.5)],
    ];
    let flagged = 0;
    let months = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const random = mulberry32(seed);
      for (const [kind, draw] of generators) {
        const year = cleanPoints(series(kind, 365, () => draw(random)));
        const days = new Set<number>();
        // Every day of the year once the baseline is full, as the daily job would run it.
        for (let today = TODAY - 364 + 96; today <= TODAY; today++) {
          for (const item of anomaliesIn(kind, year, today)?.flagged ?? []) days.add(item.day);
        }
        flagged += days.size;
        months += (365 - 96) / 30.44;
      }
    }
    const perMetricPerMonth = flagged / months;
    expect(perMetricPerMonth).toBeLessThan(1);
    // Far less in fact: about one flagged day per metric in 5 years of noise.
    expect(perMetricPerMonth).toBeLessThan(0.05);
  });
});
