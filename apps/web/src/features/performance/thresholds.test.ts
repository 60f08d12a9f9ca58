import { describe, expect, it } from 'vitest';
import { rateVital } from './thresholds';

describe('rateVital (SPEC §9)', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['INP', 100, 'good'],
    ['INP', 250, 'needs-improvement'],
    ['INP', 301, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.2, 'needs-improvement'],
    ['CLS', 0.3, 'poor'],
  ] as const)('%s %d is %s', (name, value, rating) => {
    expect(rateVital(name, value)).toBe(rating);
  });
});
