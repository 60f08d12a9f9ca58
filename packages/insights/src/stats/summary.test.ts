import { describe, expect, it } from 'vitest';
import { mad, mean, median, robustSigma, standardDeviation } from './summary';

describe('summary statistics', () => {
  it('takes the median of odd and even counts without sorting the input', () => {
    const values = [5, 1, 3];
    expect(median(values)).toBe(3);
    expect(values).toEqual([5, 1, 3]);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('measures spread robustly: one wild value hardly moves MAD', () => {
    expect(mad([1, 2, 3, 4, 5])).toBe(1);
    expect(mad([1, 2, 3, 4, 500])).toBe(1);
    expect(robustSigma([1, 2, 3, 4, 5])).toBeCloseTo(1.4826, 6);
  });

  it('takes the mean and the sample standard deviation', () => {
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    expect(standardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.138, 3);
    expect(standardDeviation([1])).toBeNaN();
  });
});
