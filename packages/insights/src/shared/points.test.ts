import { describe, expect, it } from 'vitest';
import { series } from '../test-support/series';
import { chartSeries, cleanPoints, slicePoints, valueOn } from './points';

describe('cleanPoints', () => {
  it('drops non-finite values, sorts, and keeps the later value of a repeated day', () => {
    const points = cleanPoints({
      metric: 'weight',
      unit: 'kg',
      aggregation: 'avg',
      days: [3, 1, 2, 2, 4],
      values: [30, 10, 20, 21, Number.NaN],
    });
    expect(points).toEqual({ days: [1, 2, 3], values: [10, 21, 30] });
  });

  it('drops zero totals where zero means not worn, and keeps them where zero is real', () => {
    const steps = series('steps', 3, (i) => [0, 5000, 6000][i]!);
    expect(cleanPoints(steps).values).toEqual([5000, 6000]);
    const exercise = series('exercise_minutes', 3, (i) => [0, 30, 0][i]!);
    expect(cleanPoints(exercise).values).toEqual([0, 30, 0]);
    expect(cleanPoints(undefined)).toEqual({ days: [], values: [] });
  });
});

describe('slicing and charting', () => {
  it('slices a window of days inclusively and finds one day', () => {
    const points = { days: [1, 3, 5, 7], values: [10, 30, 50, 70] };
    expect(slicePoints(points, 2, 5)).toEqual({ days: [3, 5], values: [30, 50] });
    expect(valueOn(points, 5)).toBe(50);
    expect(valueOn(points, 4)).toBeUndefined();
  });

  it('thins a chart to 120 points, keeping the newest', () => {
    const days = Array.from({ length: 400 }, (_, i) => 20_000 + i);
    const chart = chartSeries('steps', '{count}', { days, values: days.map((d) => d - 20_000) });
    expect(chart.points).toHaveLength(120);
    expect(chart.points[119]).toEqual({ day: '2025-11-07', value: 399 });
    expect(chart.points[0]!.value).toBe(0);
  });
});
