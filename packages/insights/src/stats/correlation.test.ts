import { describe, expect, it } from 'vitest';
import { mulberry32, normal } from '../test-support/random';
import { pearson, ranks, spearman } from './correlation';
import { detrendByMovingMedian } from './moving-median';

describe('correlation', () => {
  it('gives average ranks to ties', () => {
    expect(ranks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
  });

  it('finds r = ±1 on exact lines and NaN on a constant side', () => {
    expect(pearson([1, 2, 3, 4, 5], [2, 4, 6, 8, 10]).r).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4, 5], [50, 40, 30, 20, 1]).r).toBeCloseTo(-1, 12);
    expect(pearson([1, 2, 3, 4, 5], [3, 3, 3, 3, 3]).r).toBeNaN();
  });

  it('matches a known p-value and brackets r with its Fisher-z interval', () => {
    const random = mulberry32(3);
    const xs = Array.from({ length: 200 }, () => normal(random, 0, 1));
    const ys = xs.map((x) => 0.5 * x + normal(random, 0, Math.sqrt(0.75)));
    const result = pearson(xs, ys);
    expect(result.r).toBeGreaterThan(result.low);
    expect(result.r).toBeLessThan(result.high);
    expect(result.low).toBeLessThan(0.5);
    expect(result.high).toBeGreaterThan(0.5);
    expect(result.p).toBeLessThan(1e-6);
  });

  it('is robust to one extreme day when ranked', () => {
    const random = mulberry32(5);
    const xs = Array.from({ length: 60 }, () => normal(random, 0, 1));
    const ys = Array.from({ length: 60 }, () => normal(random, 0, 1));
    xs[10] = 1000;
    ys[10] = 1000;
    expect(pearson(xs, ys).r).toBeGreaterThan(0.9);
    expect(Math.abs(spearman(xs, ys).r)).toBeLessThan(0.3);
  });
});

describe('detrendByMovingMedian', () => {
  it('removes a slow drift and keeps day-to-day changes', () => {
    const values = Array.from({ length: 100 }, (_, i) => i * 0.1 + (i === 50 ? 5 : 0));
    const residuals = detrendByMovingMedian(values, 7);
    expect(residuals[50]).toBeGreaterThan(4.8);
    expect(Math.abs(residuals[20]!)).toBeLessThan(1e-9);
  });
});
