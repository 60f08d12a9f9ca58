import { describe, expect, it } from 'vitest';
import type { LabResult } from '../types';
import { engineInput } from '../test-support/input';
import { TODAY } from '../test-support/series';
import { anomalyRule } from './index';
import { readLabFlag } from './labs';

const ldl = (value: number, extra: Partial<LabResult> = {}): LabResult => ({
  metric: 'ldl_cholesterol',
  name: 'LDL-Cholesterol',
  day: TODAY - 20,
  value,
  unit: 'mg/dL',
  ...extra,
});

const run = (...labs: LabResult[]) => anomalyRule(engineInput({ labs }));

describe('lab results against their reference range', () => {
  it('warns about a value above the catalogue range and names the range', () => {
    const [finding] = run(ldl(130));
    expect(finding).toMatchObject({
      key: 'anomaly:lab:ldl_cholesterol',
      type: 'anomaly',
      severity: 'warning',
      title: 'LDL cholesterol above its reference range: 130 mg/dL',
      relatedMetrics: ['ldl_cholesterol'],
    });
    expect(finding!.description).toContain('below 100 mg/dL (NCEP ATP III (optimal))');
    expect(finding!.recommendations.join(' ')).toMatch(/clinician/);
    expect(finding!.series[0]!.band).toEqual({ low: null, high: 100, label: 'Reference range' });
  });

  it('prefers the lab’s own range, and is critical when far out or flagged critical', () => {
    expect(run(ldl(130, { high: 160 }))).toEqual([]);
    expect(run(ldl(151, { high: 99 }))[0]!.severity).toBe('critical');
    // Past the catalogue's optimal target only: worth a talk, not an alarm.
    expect(run(ldl(151))[0]!.severity).toBe('warning');
    const potassium: LabResult = {
      metric: 'potassium',
      name: 'Potassium',
      day: TODAY,
      value: 6.1,
      unit: 'mmol/L',
      low: 3.5,
      high: 5.1,
      flag: 'HH',
    };
    const [finding] = run(potassium);
    expect(finding!.severity).toBe('critical');
    expect(finding!.title).toBe('Potassium flagged critical by the lab: 6.1 mmol/L');
  });

  it('is far out below a low bound too, and respects a flag without a range', () => {
    const vitaminD: LabResult = {
      metric: 'vitamin_d',
      name: 'Vitamin D, 25-OH',
      day: TODAY,
      value: 12,
      unit: 'ng/mL',
      low: 30,
      high: 100,
    };
    expect(run(vitaminD)[0]).toMatchObject({
      severity: 'critical',
      title: 'Vitamin D, 25-hydroxy below its reference range: 12 ng/mL',
    });
    const flagged: LabResult = { metric: 'psa', name: 'PSA', day: TODAY, value: 5, unit: 'ng/mL', flag: 'H' };
    expect(run(flagged)[0]).toMatchObject({ severity: 'warning', key: 'anomaly:lab:psa' });
  });

  it('reports nothing for values in range or results without range or flag, and only the latest result', () => {
    expect(run(ldl(90))).toEqual([]);
    expect(run({ metric: 'psa', name: 'PSA', day: TODAY, value: 5, unit: 'ng/mL' })).toEqual([]);
    expect(run(ldl(150, { day: TODAY - 400 }), ldl(90))).toEqual([]);
    expect(run(ldl(Number.NaN))).toEqual([]);
  });

  it('keeps its key when the figures change', () => {
    expect(run(ldl(131))[0]!.key).toBe(run(ldl(140))[0]!.key);
  });

  it('reads the many spellings of lab flags', () => {
    expect(readLabFlag('critical_high')).toBe('critical');
    expect(readLabFlag('LL')).toBe('critical');
    expect(readLabFlag('H')).toBe('high');
    expect(readLabFlag('Low')).toBe('low');
    expect(readLabFlag('A')).toBe('abnormal');
    expect(readLabFlag('N')).toBe('normal');
    expect(readLabFlag('')).toBeUndefined();
  });
});
