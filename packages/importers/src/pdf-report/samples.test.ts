import { toCanonical, type ReportResult } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { resultsToSamples } from './samples';

const region = { page: 2, x: 40, y: 100, width: 500, height: 11, pageWidth: 612, pageHeight: 792 };
const result = (over: Partial<ReportResult>): ReportResult => ({
  id: 'p2-l7',
  name: 'GLUCOSE',
  kind: 'blood_glucose',
  value: 105,
  valueText: '105',
  unit: 'mg/dL',
  referenceRange: { low: 65, high: 99 },
  flag: 'high',
  date: '2026-11-14',
  lab: 'Quest Diagnostics',
  loinc: '2345-7',
  line: 7,
  region,
  ...over,
});
const options = {
  source: 'quest_diagnostics',
  importId: 'imp-1',
  fileName: 'quest.pdf',
  timeZone: 'America/New_York',
} as const;

describe('confirmed results as samples', () => {
  it('writes a result at the start of its day in the user’s zone, with its range, flag and provenance', () => {
    const [sample] = resultsToSamples([result({})], options);
    expect(sample).toEqual({
      kind: 'blood_glucose',
      start: Date.parse('2026-11-14T05:00:00Z'),
      value: 105,
      unit: 'mg/dL',
      utcOffsetMin: -300,
      tz: 'America/New_York',
      source: 'quest_diagnostics',
      device: null,
      originId: 'quest_diagnostics:glucose',
      flag: 'high',
      meta: {
        name: 'GLUCOSE',
        referenceRange: { low: 65, high: 99 },
        lab: 'Quest Diagnostics',
        specimenDate: '2026-11-14',
        loinc: '2345-7',
        interpretation: 'H',
        provenance: { document: 'quest.pdf', importId: 'imp-1', page: 2, line: 7 },
      },
    });
  });

  it('keeps "<0.5" as its bound with the printed text, and a worded result as custom text', () => {
    const [bound, worded] = resultsToSamples(
      [
        result({ name: 'HS CRP', kind: 'custom', value: 0.5, valueText: '<0.5', unit: 'mg/L', flag: null }),
        result({
          name: 'HIV 1/2 AG/AB',
          kind: 'custom',
          value: null,
          valueText: 'NON-REACTIVE',
          unit: null,
          flag: null,
        }),
      ],
      options,
    );
    expect(bound).toMatchObject({
      kind: 'custom',
      value: 0.5,
      unit: 'mg/L',
      meta: { valueText: '<0.5', name: 'HS CRP' },
    });
    expect(worded).toMatchObject({ kind: 'custom', value: 0, meta: { valueText: 'NON-REACTIVE' } });
    expect(worded!.unit).toBeUndefined();
  });

  it('spells lab units in UCUM, and keeps an unreadable unit of a custom result in its text', () => {
    const [wbc, odd] = resultsToSamples(
      [
        result({ name: 'WBC', kind: 'custom', value: 6.3, valueText: '6.3', unit: 'x10E3/uL' }),
        result({ name: 'Odd', kind: 'custom', value: 2, valueText: '2', unit: 'widgets/jar' }),
      ],
      options,
    );
    expect(wbc!.unit).toBe('10*3/uL');
    expect(odd!.unit).toBeUndefined();
    expect(odd!.meta?.valueText).toBe('2 widgets/jar');
  });

  it('gives the same origin to the same test of the same lab, so a second confirmation adds nothing', () => {
    const a = resultsToSamples([result({})], options)[0]!;
    const b = resultsToSamples([result({ id: 'p1-l3', line: 3 })], { ...options, importId: 'imp-2' })[0]!;
    expect([a.originId, a.start, a.kind]).toEqual([b.originId, b.start, b.kind]);
  });

  it('dates DEXA values by their scan, without a specimen date', () => {
    const [scan] = resultsToSamples(
      [
        result({
          name: 'Total Body Fat %',
          kind: 'body_fat',
          value: 27.4,
          valueText: '27.4%',
          unit: '%',
          lab: 'BodySpec',
          flag: null,
          referenceRange: null,
          loinc: null,
          date: '2025-11-15',
        }),
      ],
      { ...options, source: 'bodyspec' },
    );
    expect(scan).toMatchObject({
      kind: 'body_fat',
      value: 27.4,
      unit: '%',
      originId: 'bodyspec:total_body_fat',
    });
    expect(scan!.meta).not.toHaveProperty('specimenDate');
    expect(scan!.meta).not.toHaveProperty('valueText');
  });

  it('writes units as European and other labs print them so the values land in the kind’s unit', () => {
    const samples = resultsToSamples(
      [
        result({ name: 'Kreatinin', kind: 'creatinine', value: 88.4, valueText: '88,4', unit: 'µmol/l' }),
        result({ name: 'Hämoglobin', kind: 'hemoglobin', value: 140, valueText: '140', unit: 'g/l' }),
        result({
          name: 'HbA1c (IFCC)',
          kind: 'hemoglobin_a1c',
          value: 48,
          valueText: '48',
          unit: 'mmol/mol',
        }),
        result({
          name: 'TSH',
          kind: 'thyroid_stimulating_hormone',
          value: 2.1,
          valueText: '2.1',
          unit: 'μIU/mL',
        }),
        result({ name: 'Leukozyten', kind: 'custom', value: 11.2, valueText: '11,2', unit: 'G/l' }),
        result({ name: 'WBC', kind: 'custom', value: 6.3, valueText: '6.3', unit: '10^3/µL' }),
      ],
      options,
    );
    expect(samples.map((s) => s.unit)).toEqual([
      'umol/L',
      'g/L',
      'mmol/mol',
      'u[IU]/mL',
      '10*9/L',
      '10*3/uL',
    ]);
    const canonical = samples.slice(0, 4).map((s) => toCanonical(s.kind, s.value, s.unit));
    expect(canonical.map((q) => [q.unit, Math.round(q.value * 100) / 100])).toEqual([
      ['mg/dL', 1],
      ['g/dL', 14],
      ['%', 6.54],
      ['m[IU]/L', 2.1],
    ]);
    // A decimal-comma value as printed is kept as the text it was.
    expect(samples[0]!.meta?.valueText).toBe('88,4');
  });
});
