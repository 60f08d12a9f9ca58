import { describe, expect, it } from 'vitest';
import { engineInput } from '../test-support/input';
import { mulberry32, normal } from '../test-support/random';
import { series } from '../test-support/series';
import { trendRule } from '../trend';
import { correlationRule, isExcludedPair } from './index';

/** 180 days in which each extra hour of sleep lowers the next morning's resting heart rate by 2 bpm. */
function sleepAndHeart(seed: number) {
  const random = mulberry32(seed);
  const sleep = Array.from({ length: 180 }, () => normal(random, 7.2, 0.8));
  return [
    series('sleep_duration', 180, (i) => sleep[i]!),
    series(
      'resting_heart_rate',
      180,
      (i) => 58 - 2 * ((i > 0 ? sleep[i - 1]! : 7.2) - 7.2) + normal(random, 0, 0.8),
    ),
  ];
}

/** 180 days of active energy, and a weight that moves with that same day's active energy. */
function energyAndWeight(seed: number) {
  const random = mulberry32(seed);
  const energy = Array.from({ length: 180 }, () => normal(random, 600, 150));
  return [
    series('active_calories_burned', 180, (i) => energy[i]!),
    series('weight', 180, (i) => 70 + 0.004 * (energy[i]! - 600) + normal(random, 0, 0.1)),
    series('distance', 180, (i) => energy[i]! * 12),
    series('steps', 180, (i) => energy[i]! * 15 + normal(random, 0, 300)),
  ];
}

describe('pairs left out of the correlations', () => {
  it('leaves out trivially coupled and meaningless pairs, either way round', () => {
    expect(isExcludedPair('active_calories_burned', 'weight', 0)).toBe(true);
    expect(isExcludedPair('weight', 'active_calories_burned', 0)).toBe(true);
    expect(isExcludedPair('distance', 'steps', 0)).toBe(true);
    expect(isExcludedPair('steps', 'distance', 1)).toBe(true);
    expect(isExcludedPair('active_calories_burned', 'steps', 0)).toBe(true);
    expect(isExcludedPair('basal_calories_burned', 'weight', 1)).toBe(true);
    expect(isExcludedPair('active_calories_burned', 'heart_rate', 0)).toBe(true);
  });

  it('keeps behaviour followed by its effect', () => {
    expect(isExcludedPair('sleep_duration', 'resting_heart_rate', 1)).toBe(false);
    expect(isExcludedPair('exercise_minutes', 'sleep_duration', 1)).toBe(false);
    expect(isExcludedPair('steps', 'weight', 1)).toBe(false);
  });

  it('tells no insight about same-day active energy and weight, or distance and steps, however strong', () => {
    expect(correlationRule(engineInput({ series: energyAndWeight(3) }))).toEqual([]);
  });
});

describe('insights in plain words', () => {
  it('says what happened and what it may mean, and keeps the statistics for "How we know"', () => {
    const [finding, ...rest] = correlationRule(engineInput({ series: sleepAndHeart(1) }));
    expect(rest).toEqual([]);
    expect(finding!.key).toBe('correlation:sleep_duration:resting_heart_rate');
    expect(finding!.title).toBe('More sleep, lower resting heart rate the next day');
    expect(finding!.description).toBe(
      'After days with more sleep than usual, your resting heart rate the next day was usually lower. ' +
        'Your heart seems to rest better after a longer night.',
    );
    expect(finding!.evidence).toMatch(
      /^Over the last 365 days \(178 days with both, from .+\): Spearman r = −0\.\d\d \(95 % interval −0\.\d\d to −0\.\d\d\), p < 0\.001, significant after correcting for the 2 pairings tested\./,
    );
  });

  it('tells a night and the morning after it as such', () => {
    const random = mulberry32(4);
    const sleep = Array.from({ length: 120 }, () => normal(random, 7.2, 0.8));
    const findings = correlationRule(
      engineInput({
        series: [
          series('sleep_duration', 120, (i) => sleep[i]!),
          series('resting_heart_rate', 120, (i) => 58 - 2 * (sleep[i]! - 7.2) + normal(random, 0, 0.8)),
        ],
      }),
    );
    expect(findings.map((f) => [f.title, f.description])).toEqual([
      [
        'More sleep, lower resting heart rate the morning after',
        'After nights with more sleep than usual, your resting heart rate the next morning was usually lower. ' +
          'Your heart seems to rest better after a longer night.',
      ],
    ]);
  });

  it('puts the test behind a trend in "How we know", not in its description', () => {
    const random = mulberry32(1);
    const hr = series(
      'resting_heart_rate',
      120,
      (i) => 58 + Math.max(0, i - 89) * 0.2 + normal(random, 0, 1.5),
    );
    const [finding] = trendRule(engineInput({ series: [hr] }));
    expect(finding!.description).toMatch(
      /^Your resting heart rate went up by about \d bpm between .+ and .+, from about \d+ bpm to \d+ bpm\. A steady change worth keeping an eye on, rather than a few odd days\.$/,
    );
    expect(finding!.evidence).toMatch(
      /^A steady rate of .+ \(95 % interval .+\) \(Theil–Sen\), Mann–Kendall p < 0\.001, over \d+ days with data\.$/,
    );
  });
});
