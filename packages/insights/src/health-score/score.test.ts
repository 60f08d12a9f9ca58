import { describe, expect, it } from 'vitest';
import { ada } from '../test-support/personas';
import { series, seriesMap, TODAY } from '../test-support/series';
import { healthScore } from './score';

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const sd = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};
const clamp = (x: number) => Math.max(0, Math.min(100, x));

describe('health score', () => {
  const input = ada();
  const result = healthScore(input);
  const values = (kind: string, from: number, to: number) => {
    const s = input.series.get(kind)!;
    return s.days.flatMap((day, i) => (day >= from && day <= to ? [s.values[i]!] : []));
  };
  const part = (key: string) => result.parts.find((p) => p.key === key)!;
  const end = TODAY - 1;

  it('scores each of Ada’s parts by the documented formula', () => {
    const sleep = values('sleep_duration', end - 13, end);
    const hours = mean(sleep);
    const sleepScore =
      hours < 7 ? clamp(((hours - 4) / 3) * 100) : hours > 9 ? clamp(100 - (hours - 9) * 25) : 100;
    expect(part('sleep_duration')).toMatchObject({ weight: 20, score: Math.round(sleepScore) });
    expect(part('sleep_duration').value).toBeCloseTo(hours, 1);
    expect(part('sleep_regularity')).toMatchObject({
      weight: 10,
      score: Math.round(clamp(((2 - sd(sleep)) / 1.5) * 100)),
    });
    const weekly = mean(values('exercise_minutes', end - 13, end)) * 7;
    expect(part('activity_minutes')).toMatchObject({
      weight: 20,
      score: Math.round(clamp((weekly / 150) * 100)),
    });
    const steps = mean(values('steps', end - 13, end));
    expect(part('steps')).toMatchObject({ weight: 15, score: Math.round(clamp((steps / 8000) * 100)) });
    // Ada's resting heart rate has been climbing for 30 days: it is above her baseline.
    const rhr = mean(values('resting_heart_rate', end - 6, end));
    const rhrBase = median(values('resting_heart_rate', end - 89, end - 7));
    expect(rhr).toBeGreaterThan(rhrBase + 3);
    expect(part('resting_heart_rate')).toMatchObject({
      weight: 15,
      score: Math.round(clamp(100 - Math.max(0, rhr - rhrBase) * 10)),
    });
    const hrv = mean(values('heart_rate_variability', end - 6, end));
    const hrvBase = median(values('heart_rate_variability', end - 89, end - 7));
    expect(part('heart_rate_variability')).toMatchObject({
      weight: 10,
      score: Math.round(clamp(((hrv / hrvBase - 0.6) / 0.4) * 100)),
    });
    // Labs: the latest of each test within a year; any outside its range counts.
    const latest = new Map<string, (typeof input.labs)[number]>();
    for (const lab of input.labs) {
      if (lab.day < end - 365) continue;
      const known = latest.get(lab.metric);
      if (!known || lab.day > known.day) latest.set(lab.metric, lab);
    }
    const flagged = [...latest.values()].filter(
      (l) => (l.low !== undefined && l.value < l.low) || (l.high !== undefined && l.value > l.high),
    ).length;
    expect(part('lab_flags')).toMatchObject({
      weight: 10,
      value: flagged,
      score: Math.round(100 * (1 - flagged / latest.size)),
    });
    const total = result.parts.reduce((a, p) => a + p.weight * p.score!, 0) / 100;
    expect(result.score).toBe(Math.round(total));
    expect(result.day).toBe('2026-06-29');
    expect(result.reason).toBeNull();
  });

  it('says which parts lack data, and gives no score when they carry more than half the weight', () => {
    const sparse = healthScore({
      today: TODAY,
      series: seriesMap(
        series('steps', 30, () => 9000),
        series('sleep_duration', 30, (i) => (i % 5 === 0 ? 7 : null)),
      ),
      labs: [],
    });
    expect(sparse.score).toBeNull();
    expect(sparse.reason).toBe(
      'Not enough recent data: the parts with data carry 15 of 100 weight points, at least 50 needed',
    );
    expect(sparse.parts.find((p) => p.key === 'steps')).toMatchObject({ score: 100, value: 9000 });
    expect(sparse.parts.find((p) => p.key === 'sleep_duration')).toMatchObject({
      score: null,
      value: null,
      basis: 'Not enough data: 3 nights of sleep in the last 14 days, at least 7 needed',
    });
    expect(sparse.parts.find((p) => p.key === 'lab_flags')!.basis).toBe('No lab results in the last year');
  });

  it('scores with the parts it has when they carry half the weight, and a critical lab scores 0', () => {
    const partial = healthScore({
      today: TODAY,
      series: seriesMap(
        series('steps', 20, () => 4000),
        series('exercise_minutes', 20, () => 30),
        series('sleep_duration', 20, () => 6),
      ),
      labs: [
        {
          metric: 'potassium',
          name: 'Potassium',
          day: TODAY - 10,
          value: 6.8,
          unit: 'mmol/L',
          high: 5.1,
          flag: 'critical_high',
        },
      ],
    });
    // steps 50 (15), activity 100 (20), sleep 66.7→67 (20), regularity 100 (10), labs 0 (10): 75 of 100.
    expect(partial.parts.map((p) => p.score)).toEqual([67, 100, 100, 50, null, null, 0]);
    expect(partial.score).toBe(Math.round((67 * 20 + 100 * 10 + 100 * 20 + 50 * 15 + 0 * 10) / 75));
  });
});
