import { convert } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { unaccounted } from '../shared/test-support';
import { blueButtonFiles, context, fixture, one, readAll } from './test-support';

const bundle = () => [fixture('epic-us-core-bundle.json')];

describe('FHIR importer on an Epic US Core bundle', () => {
  it('skips every resource that holds no reading of ours under its resourceType, with why', async () => {
    const out = await readAll(bundle());
    expect(unaccounted(out)).toBe(0);
    expect([...out.skipped.values()].map((s) => [s.type, s.count])).toEqual([
      ['Patient', 1],
      ['DiagnosticReport', 2],
      ['Observation without a value', 2],
      ['MedicationRequest', 1],
      ['Encounter', 1],
    ]);
    expect(out.skipped.get('MedicationRequest')!.reason).toContain('Clinical records');
    expect(out.skipped.get('Observation without a value')!.reason).toContain('panel');
  });

  it('accounts for every reading of every fixture', async () => {
    for (const files of [bundle(), [fixture('other-patient-bundle.json')], blueButtonFiles()]) {
      expect(unaccounted(await readAll(files)), files[0]!.name).toBe(0);
    }
  });

  it('reads every entry as a record and maps each result to its kind', async () => {
    const { samples, records, chunks } = await readAll(bundle());
    // Readings, not entries: the blood-pressure panel holds two (systolic and diastolic).
    expect(records).toBe(29);
    expect(chunks.every((c) => c.samples.length <= 2000)).toBe(true);
    const kinds = samples.map((s) => `${s.originId} ${s.kind}`);
    expect(kinds).toEqual([
      'eWt-1 weight',
      'eHt-1 height',
      'eBmi-1 bmi',
      'eHr-1 heart_rate',
      'eBp-1 blood_pressure_systolic',
      'eBp-1 blood_pressure_diastolic',
      'eSpo2-1 oxygen_saturation',
      'eTemp-1 body_temperature',
      'eResp-1 respiratory_rate',
      'eHdl-1 hdl_cholesterol',
      'eGlu-1 blood_glucose',
      'eK-1 potassium',
      'ePsa-1 psa',
      'eEgfr-1 egfr',
      'eNit-1 custom',
      'eLip-1 custom',
      'eDm2-C diagnosis',
      'eHtn-C diagnosis',
      'eColo-P procedure',
    ]);
    expect(new Set(samples.map((s) => s.source))).toEqual(new Set(['epic']));
  });

  it('keeps values and UCUM units as written, in units the store converts', async () => {
    const { samples } = await readAll(bundle());
    expect(one(samples, 'eWt-1')).toMatchObject({ value: 72.5, unit: 'kg' });
    expect(one(samples, 'eTemp-1')).toMatchObject({ value: 98.6, unit: '[degF]' });
    expect(convert(98.6, '[degF]', 'Cel', 'body_temperature')).toBeCloseTo(37, 5);
    expect(one(samples, 'eSpo2-1')).toMatchObject({ value: 98, unit: '%' });
    expect(one(samples, 'eBmi-1')).toMatchObject({ value: 25.09, unit: 'kg/m2' });
    expect(one(samples, 'eHr-1')).toMatchObject({ value: 72, unit: '/min' });
    expect(one(samples, 'eGlu-1')).toMatchObject({ value: 112, unit: 'mg/dL' });
    for (const sample of samples.filter((s) => s.unit !== undefined && s.kind !== 'custom')) {
      expect(() => convert(sample.value, sample.unit!, sample.unit!, sample.kind), sample.kind).not.toThrow();
    }
  });

  it('splits the blood-pressure panel into systolic and diastolic with their own flags', async () => {
    const { samples } = await readAll(bundle());
    const systolic = one(samples, 'eBp-1', 'blood_pressure_systolic');
    const diastolic = one(samples, 'eBp-1', 'blood_pressure_diastolic');
    expect(systolic).toMatchObject({ value: 128, unit: 'mm[Hg]', flag: 'high' });
    expect(systolic.meta).toMatchObject({ loinc: '8480-6', interpretation: 'H' });
    expect(diastolic).toMatchObject({ value: 82, unit: 'mm[Hg]' });
    expect(diastolic.flag).toBeUndefined();
    expect(systolic.start).toBe(diastolic.start);
  });

  it('reads offsets as written on both sides of the DST change, and dates as local midnight', async () => {
    const { samples } = await readAll(bundle());
    // 2024-03-10 is the US spring-forward day: morning vitals at -05:00, afternoon ones at -04:00.
    expect(one(samples, 'eWt-1')).toMatchObject({
      start: Date.parse('2024-03-10T14:30:00Z'),
      utcOffsetMin: -300,
    });
    expect(one(samples, 'eHr-1')).toMatchObject({
      start: Date.parse('2024-03-10T18:05:00Z'),
      utcOffsetMin: -240,
    });
    // A date-only lab is the start of that day where the user lives (still EST at midnight).
    const glucose = one(samples, 'eGlu-1');
    expect(glucose).toMatchObject({ start: Date.parse('2024-03-10T05:00:00Z'), utcOffsetMin: -300 });
    expect(glucose.tz).toBe('America/New_York');
    // The same date in another zone starts at that zone's midnight.
    const tokyo = await readAll(bundle(), context('Chen Liu', 'Asia/Tokyo'));
    expect(one(tokyo.samples, 'eGlu-1')).toMatchObject({
      start: Date.parse('2024-03-09T15:00:00Z'),
      utcOffsetMin: 540,
    });
  });

  it('keeps lab ranges, interpretations, flags and the performing lab', async () => {
    const { samples } = await readAll(bundle());
    const glucose = one(samples, 'eGlu-1');
    expect(glucose.flag).toBe('high');
    expect(glucose.meta).toMatchObject({
      loinc: '2345-7',
      lab: 'Quest Diagnostics',
      interpretation: 'H',
      referenceRange: { low: 70, high: 99, text: '70 - 99 mg/dL' },
    });
    expect(one(samples, 'eK-1')).toMatchObject({ flag: 'critical', meta: { interpretation: 'HH' } });
    expect(one(samples, 'eHdl-1').flag).toBeNull();
    expect(one(samples, 'eHdl-1').meta?.referenceRange).toEqual({ low: 40, text: '>39 mg/dL' });
  });

  it('keeps comparators and text results faithfully', async () => {
    const { samples } = await readAll(bundle());
    expect(one(samples, 'ePsa-1')).toMatchObject({
      kind: 'psa',
      value: 0.1,
      unit: 'ng/mL',
      meta: { valueText: '<0.1' },
    });
    // valueString ">60" with the unit taken from the reference range.
    expect(one(samples, 'eEgfr-1')).toMatchObject({
      kind: 'egfr',
      value: 60,
      unit: 'mL/min/{1.73_m2}',
      meta: { valueText: '>60' },
    });
    // A result with no number is kept as a custom sample whose meaning is its text.
    const nitrite = one(samples, 'eNit-1');
    expect(nitrite).toMatchObject({ kind: 'custom', value: 0, flag: null });
    expect(nitrite.unit).toBeUndefined();
    expect(nitrite.meta).toMatchObject({ valueText: 'NEGATIVE', loinc: '5802-4', name: 'Nitrite, UA' });
  });

  it('stores an unknown LOINC as custom with its name, LOINC and unit', async () => {
    const { samples } = await readAll(bundle());
    const lipase = one(samples, 'eLip-1');
    expect(lipase).toMatchObject({ kind: 'custom', value: 45, unit: 'U/L' });
    expect(lipase.meta).toMatchObject({
      name: 'Lipase',
      loinc: '3040-3',
      referenceRange: { low: 13, high: 60 },
    });
  });

  it('names the report on its results, whether the report comes before or after them', async () => {
    const { samples } = await readAll(bundle());
    // The lipid panel precedes its HDL; the metabolic panel follows glucose (by urn:uuid) and potassium (by URL).
    expect(one(samples, 'eHdl-1').meta?.provenance).toEqual({
      resourceType: 'Observation',
      id: 'eHdl-1',
      report: 'Lipid Panel',
    });
    expect(one(samples, 'eGlu-1').meta?.provenance?.report).toBe('Basic Metabolic Panel');
    expect(one(samples, 'eK-1').meta?.provenance?.report).toBe('Basic Metabolic Panel');
    expect(one(samples, 'eLip-1').meta?.provenance?.report).toBeUndefined();
  });

  it('maps conditions and procedures to coded samples', async () => {
    const { samples } = await readAll(bundle());
    const diabetes = one(samples, 'eDm2-C');
    expect(diabetes).toMatchObject({
      kind: 'diagnosis',
      value: 1,
      start: Date.parse('2019-06-01T04:00:00Z'),
    });
    expect(diabetes.meta).toMatchObject({
      code: {
        system: 'http://hl7.org/fhir/sid/icd-10-cm',
        code: 'E11.9',
        display: 'Type 2 diabetes mellitus without complications',
      },
      status: 'active',
      provenance: { resourceType: 'Condition', id: 'eDm2-C' },
    });
    // No onset: the recorded date stands in.
    expect(one(samples, 'eHtn-C')).toMatchObject({
      start: Date.parse('2021-02-11T15:00:00Z'),
      utcOffsetMin: -300,
    });
    expect(one(samples, 'eHtn-C').meta?.status).toBe('resolved');
    const colonoscopy = one(samples, 'eColo-P');
    expect(colonoscopy).toMatchObject({
      kind: 'procedure',
      start: Date.parse('2023-11-02T12:00:00Z'),
      end: Date.parse('2023-11-02T12:45:00Z'),
      meta: { code: { code: '73761001', display: 'Colonoscopy' }, status: 'completed' },
    });
  });

  it('reports bad entries as issues and reads on; panels and absent results give nothing', async () => {
    const { issues, samples } = await readAll(bundle());
    expect(issues).toEqual([
      {
        message: 'Observation eNoDate-1 has no date (effective[x] or issued)',
        file: 'epic-us-core-bundle.json',
        record: 19,
      },
      { message: 'Not a FHIR resource (not a JSON object)', file: 'epic-us-core-bundle.json', record: 26 },
      { message: 'Not a FHIR resource (no resourceType)', file: 'epic-us-core-bundle.json', record: 27 },
    ]);
    expect(samples.some((s) => s.originId === 'eCbc-P' || s.originId === 'eHgb-1')).toBe(false);
  });

  it('gives the same samples in the same order on every run', async () => {
    const first = await readAll(bundle());
    const second = await readAll([fixture('epic-us-core-bundle.json', 997)]);
    expect(second.samples).toEqual(first.samples);
    const ids = first.samples.map((s) => `${s.kind}|${s.start}|${s.originId}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('raises no warning when the patient is the owner', async () => {
    expect((await readAll(bundle(), context('chen LIU'))).warnings).toEqual([]);
  });
});
