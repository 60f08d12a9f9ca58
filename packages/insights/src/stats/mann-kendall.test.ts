import { describe, expect, it } from 'vitest';
import { mannKendall } from './mann-kendall';
import { theilSen } from './theil-sen';

const days = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('Mann–Kendall', () => {
  it('scores a strictly rising series with every pair concordant', () => {
    const result = mannKendall(days(10), days(10));
    expect(result.s).toBe(45);
    expect(result.tau).toBe(1);
    expect(result.variance).toBeCloseTo((10 * 9 * 25) / 18, 10);
    expect(result.p).toBeLessThan(0.001);
  });

  it('sees no trend in a zigzag, and none at all in a constant series', () => {
    expect(mannKendall(days(6), [1, 2, 1, 2, 1, 2]).p).toBeGreaterThan(0.5);
    const flat = mannKendall(days(20), new Array(20).fill(3));
    expect(flat.variance).toBe(0);
    expect(flat.p).toBe(1);
  });
});

describe('Theil–Sen', () => {
  it('recovers a line through a few wild points', () => {
    const xs = days(30);
    const ys = xs.map((x) => 2 + 0.5 * x);
    ys[3] = 100;
    ys[20] = -50;
    const fit = theilSen(xs, ys);
    expect(fit.slope).toBeCloseTo(0.5, 10);
    expect(fit.intercept).toBeCloseTo(2, 10);
    expect(fit.low).toBeLessThanOrEqual(0.5);
    expect(fit.high).toBeGreaterThanOrEqual(0.5);
  });

  it('handles gaps in the days and thins long series', () => {
    const xs = Array.from({ length: 600 }, (_, i) => i * 3);
    const fit = theilSen(
      xs,
      xs.map((x) => 10 - 0.1 * x),
    );
    expect(fit.slope).toBeCloseTo(-0.1, 10);
    expect(fit.n).toBe(200);
  });

  it('gives NaN, not an exception, for fewer than two points', () => {
    expect(theilSen([1], [1]).slope).toBeNaN();
  });
});
