import { describe, expect, it } from 'vitest';
import { mulberry32, normal } from '../test-support/random';
import { confidenceBand, crossing, linearRegression, predictionInterval } from './regression';

describe('linear regression', () => {
  it('fits an exact line with zero residual', () => {
    const fit = linearRegression([0, 1, 2, 3], [1, 3, 5, 7])!;
    expect(fit.slope).toBeCloseTo(2, 12);
    expect(fit.intercept).toBeCloseTo(1, 12);
    expect(fit.residualSd).toBeCloseTo(0, 12);
  });

  it('matches a textbook example (slope, SE, p)', () => {
    // x = 1..5, y = 2, 4, 5, 4, 5: b = 0.6, a = 2.2, SSE = 2.4, se(b) = sqrt(0.8 / 10), t = 2.12 on 3 df.
    const fit = linearRegression([1, 2, 3, 4, 5], [2, 4, 5, 4, 5])!;
    expect(fit.slope).toBeCloseTo(0.6, 12);
    expect(fit.intercept).toBeCloseTo(2.2, 12);
    expect(fit.slopeSe).toBeCloseTo(Math.sqrt(0.08), 12);
    expect(fit.slopeP).toBeCloseTo(0.124, 3);
  });

  it('refuses fewer than three points or a constant x', () => {
    expect(linearRegression([1, 2], [1, 2])).toBeUndefined();
    expect(linearRegression([1, 1, 1], [1, 2, 3])).toBeUndefined();
  });

  it('has prediction intervals that cover new observations about 95 % of the time', () => {
    const random = mulberry32(7);
    let covered = 0;
    const runs = 400;
    for (let run = 0; run < runs; run++) {
      const xs = Array.from({ length: 40 }, (_, i) => i);
      const ys = xs.map((x) => 80 - 0.05 * x + normal(random, 0, 0.6));
      const fit = linearRegression(xs, ys)!;
      const future = 80 - 0.05 * 70 + normal(random, 0, 0.6);
      const interval = predictionInterval(fit, 70);
      if (future >= interval.low && future <= interval.high) covered++;
      expect(interval.high - interval.low).toBeGreaterThan(
        confidenceBand(fit, 70).high - confidenceBand(fit, 70).low,
      );
    }
    expect(covered / runs).toBeGreaterThan(0.9);
    expect(covered / runs).toBeLessThan(0.99);
  });

  it('brackets the true crossing day with Fieller’s interval', () => {
    const random = mulberry32(11);
    let covered = 0;
    const runs = 300;
    for (let run = 0; run < runs; run++) {
      const xs = Array.from({ length: 60 }, (_, i) => i);
      const ys = xs.map((x) => 82 - 0.05 * x + normal(random, 0, 0.5));
      const result = crossing(linearRegression(xs, ys)!, 75)!;
      // 82 − 0.05·x = 75 at x = 140.
      if (result.low !== null && result.high !== null && result.low <= 140 && result.high >= 140) covered++;
    }
    expect(covered / runs).toBeGreaterThan(0.9);
  });

  it('leaves the interval open when the slope is not clear of zero', () => {
    const fit = linearRegression([0, 1, 2, 3, 4, 5], [5, 5.2, 4.9, 5.1, 5, 5.05])!;
    const result = crossing(fit, 10);
    expect(result?.low === null || result?.high === null).toBe(true);
  });
});
