import { describe, expect, it } from 'vitest';
import { engineInput } from '../test-support/input';
import { mulberry32, normal } from '../test-support/random';
import { anomalyRule } from './index';

/** 14 days of 5-minute readings: `low` of them at 60 mg/dL, the rest around `center`. */
function readings(seed: number, lowShare: number, center = 125, sd = 25): number[] {
  const random = mulberry32(seed);
  const n = 14 * 288;
  return Array.from({ length: n }, (_, i) =>
    i < Math.round(lowShare * n) ? 60 : Math.min(170, Math.max(75, normal(random, center, sd))),
  );
}

describe('CGM time below and in range', () => {
  it('is critical at 5 % of readings below 70 mg/dL', () => {
    const findings = anomalyRule(engineInput({ glucoseReadings: readings(1, 0.05) }));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ key: 'anomaly:cgm:time_below_range', severity: 'critical' });
    expect(findings[0]!.values.timeBelowRange).toBeCloseTo(0.05, 3);
  });

  it('warns when under 70 % of readings are in range', () => {
    const random = mulberry32(2);
    const high = Array.from({ length: 14 * 288 }, () => normal(random, 190, 40));
    const findings = anomalyRule(engineInput({ glucoseReadings: high }));
    expect(findings.map((f) => [f.key, f.severity])).toEqual([['anomaly:cgm:time_in_range', 'warning']]);
  });

  it('says nothing about good control, or about less than a day of readings', () => {
    expect(anomalyRule(engineInput({ glucoseReadings: readings(3, 0.02) }))).toEqual([]);
    expect(anomalyRule(engineInput({ glucoseReadings: readings(4, 0.5).slice(0, 287) }))).toEqual([]);
    expect(anomalyRule(engineInput({ glucoseReadings: new Array(300).fill(Number.NaN) }))).toEqual([]);
  });
});
