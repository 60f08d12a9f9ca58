import { describe, expect, it } from 'vitest';
import {
  normalCdf,
  normalQuantile,
  normalTwoSidedP,
  studentTCdf,
  studentTQuantile,
  studentTTwoSidedP,
} from './distributions';

describe('normal distribution', () => {
  it('matches tabulated values', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalTwoSidedP(1.959964)).toBeCloseTo(0.05, 6);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.005)).toBeCloseTo(-2.575829, 5);
  });

  it('keeps tiny tail probabilities to their relative size', () => {
    // P(|Z| ≥ 6) = 1.973e-9
    expect(normalTwoSidedP(6) / 1.973175e-9).toBeCloseTo(1, 4);
  });
});

describe("Student's t distribution", () => {
  it('matches tabulated quantiles', () => {
    expect(studentTQuantile(0.975, 3)).toBeCloseTo(3.182446, 4);
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.228139, 4);
    expect(studentTQuantile(0.995, 28)).toBeCloseTo(2.763262, 4);
    expect(studentTQuantile(0.025, 10)).toBeCloseTo(-2.228139, 4);
  });

  it('gives two-sided p-values and a CDF consistent with them', () => {
    expect(studentTTwoSidedP(2.228139, 10)).toBeCloseTo(0.05, 5);
    expect(studentTCdf(-2.228139, 10)).toBeCloseTo(0.025, 5);
    expect(studentTTwoSidedP(0, 10)).toBeCloseTo(1, 10);
  });
});
