import { getConverter, normalizeUnit } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import type { Resource } from './fhir-types';
import type { MapContext } from './map-context';
import { mapObservation } from './observation';
import { flagFor } from './observation-value';

const ctx: MapContext = { zone: 'Europe/Berlin', source: 'ehr', reports: new Map() };
const map = (resource: Record<string, unknown>) =>
  mapObservation(
    { resource: { resourceType: 'Observation', id: 'o1', ...resource } as Resource, file: 'f', record: 0 },
    ctx,
  );
const loinc = (code: string, display = code) => ({ coding: [{ system: 'http://loinc.org', code, display }] });
const at = { effectiveDateTime: '2024-03-31T09:00:00+02:00' };

describe('Observation mapping', () => {
  it('reads numbers out of valueString with comparators and units', () => {
    const [ldl] = map({ ...at, code: loinc('13457-7', 'LDL'), valueString: '<= 100 mg/dL' }).samples;
    expect(ldl).toMatchObject({
      kind: 'ldl_cholesterol',
      value: 100,
      unit: 'mg/dL',
      meta: { valueText: '<= 100 mg/dL' },
    });
    const [titer] = map({ ...at, code: loinc('5370-2', 'ANA titer'), valueString: '1:40' }).samples;
    expect(titer).toMatchObject({ kind: 'custom', value: 0, meta: { valueText: '1:40', name: 'ANA titer' } });
  });

  it('keeps a unit the store does not know in the printed value, not in `unit`', () => {
    const [wbc] = map({
      ...at,
      code: loinc('6690-2', 'WBC'),
      valueQuantity: { value: 6.1, unit: 'x10E3/uL' },
    }).samples;
    expect(wbc).toMatchObject({
      kind: 'custom',
      value: 6.1,
      meta: { valueText: '6.1 x10E3/uL', loinc: '6690-2' },
    });
    expect(wbc!.unit).toBeUndefined();
    const [rbc] = map({
      ...at,
      code: loinc('789-8', 'RBC'),
      valueQuantity: { value: 4.5, code: '10*6/uL' },
    }).samples;
    expect(rbc).toMatchObject({ kind: 'custom', unit: '10*6/uL' });
  });

  it('falls back to custom when a known kind comes in a unit that cannot be converted to it', () => {
    const [odd] = map({
      ...at,
      code: loinc('2345-7', 'Glucose'),
      valueQuantity: { value: 5, code: 'mm[Hg]' },
    }).samples;
    expect(odd).toMatchObject({
      kind: 'custom',
      value: 5,
      unit: 'mm[Hg]',
      meta: { loinc: '2345-7', name: 'Glucose' },
    });
  });

  it('maps by name only when there is no LOINC code', () => {
    const byName = map({ ...at, code: { text: 'Weight' }, valueQuantity: { value: 154, unit: 'lbs' } })
      .samples[0];
    expect(byName).toMatchObject({ kind: 'weight', value: 154, unit: 'lbs', meta: { name: 'Weight' } });
    expect(getConverter('lbs', 'kg', 'weight')(154)).toBeCloseTo(69.85, 2);
    const unknownLoinc = map({
      ...at,
      code: { ...loinc('3141-0'), text: 'Weight' },
      valueQuantity: { value: 1 },
    });
    expect(unknownLoinc.samples[0]!.kind).toBe('custom');
  });

  it('reads the offset written, a period, and falls back to issued', () => {
    const [sample] = map({
      code: loinc('8867-4'),
      effectivePeriod: { start: '2024-03-31T01:30:00+01:00', end: '2024-03-31T03:30:00+02:00' },
      valueQuantity: { value: 60, unit: 'beats/minute', code: '/min' },
    }).samples;
    expect(sample).toMatchObject({
      start: Date.parse('2024-03-31T00:30:00Z'),
      end: Date.parse('2024-03-31T01:30:00Z'),
      utcOffsetMin: 60,
    });
    const [issued] = map({
      code: loinc('8867-4'),
      issued: '2024-04-01T10:00:00.000Z',
      valueInteger: 61,
    }).samples;
    expect(issued).toMatchObject({ start: Date.parse('2024-04-01T10:00:00Z'), utcOffsetMin: 0, value: 61 });
    // A local time without offset on the DST day in Berlin is read in the user's zone.
    const [local] = map({
      code: loinc('8867-4'),
      effectiveDateTime: '2024-03-31T12:00:00',
      valueInteger: 62,
    }).samples;
    expect(local).toMatchObject({
      start: Date.parse('2024-03-31T10:00:00Z'),
      utcOffsetMin: 120,
      tz: 'Europe/Berlin',
    });
  });

  it('skips entered-in-error results and gives none for panels and absent values', () => {
    expect(map({ ...at, status: 'entered-in-error', code: loinc('8867-4'), valueInteger: 60 })).toEqual({
      samples: [],
      issues: [],
      skipped: [{ type: 'Observation (entered-in-error)', reason: expect.stringContaining('withdrawn') }],
    });
    const panel = map({ ...at, code: loinc('58410-2'), hasMember: [{ reference: 'Observation/x' }] });
    expect(panel.samples).toEqual([]);
    expect(panel.skipped).toEqual([
      { type: 'Observation without a value', reason: expect.stringContaining('panel') },
    ]);
    const absent = map({ ...at, code: loinc('718-7'), dataAbsentReason: { text: 'hemolyzed' } });
    expect(absent.samples).toEqual([]);
    expect(absent.skipped.map((s) => s.type)).toEqual(['Observation without a value']);
    expect(map({ ...at, status: 'cancelled', code: loinc('8867-4') }).skipped.map((s) => s.type)).toEqual([
      'Observation (cancelled)',
    ]);
    expect(map({ code: loinc('8867-4'), valueInteger: 60 }).issues).toEqual([
      'Observation o1 has no date (effective[x] or issued)',
    ]);
  });

  it('gives custom components ids of their own so two never collide', () => {
    const { samples } = map({
      ...at,
      code: { text: 'Audiogram' },
      component: [
        { code: { text: 'Left 1000 Hz' }, valueQuantity: { value: 20, code: 'dB' } },
        { code: { text: 'Right 1000 Hz' }, valueQuantity: { value: 25, code: 'dB' } },
      ],
    });
    expect(samples.map((s) => s.originId)).toEqual(['o1:0', 'o1:1']);
    expect(samples.map((s) => s.meta?.name)).toEqual(['Left 1000 Hz', 'Right 1000 Hz']);
  });

  it('turns interpretations into flags', () => {
    expect(
      ['H', 'HU', 'L', 'LU', 'HH', 'LL', 'AA', 'A', 'N', 'Critical high', 'weird', undefined].map(flagFor),
    ).toEqual([
      'high',
      'high',
      'low',
      'low',
      'critical',
      'critical',
      'critical',
      'abnormal',
      null,
      'critical',
      undefined,
      undefined,
    ]);
  });

  it('uses units the store accepts', () => {
    for (const unit of [
      'kg',
      '[lb_av]',
      'cm',
      'kg/m2',
      '/min',
      'mm[Hg]',
      '%',
      '[degF]',
      'Cel',
      'mg/dL',
      'mmol/L',
      'ng/mL',
      'U/L',
      'mL/min/{1.73_m2}',
    ]) {
      expect(() => normalizeUnit(unit), unit).not.toThrow();
    }
  });
});
