import type { FhirResource } from '@healthfolio/fhir';
import { enteredInErrorCondition as condition, labGlucose as glucose } from '@healthfolio/fhir/test-fixtures';
import { describe, expect, it } from 'vitest';
import { isEnteredInError, withdrawnSamples } from './fhir-withdrawn';

const options = { zone: 'America/New_York', source: 'epic', origin: 'Observation:laboratory' };

const pressure = {
  resourceType: 'Observation',
  id: 'bp-1',
  status: 'final',
  code: { coding: [{ system: 'http://loinc.org', code: '85354-9' }] },
  effectiveDateTime: '2026-11-20T08:00:00-05:00',
  component: [
    {
      code: { coding: [{ system: 'http://loinc.org', code: '8480-6' }] },
      valueQuantity: { value: 128, unit: 'mm[Hg]', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
    },
    {
      code: { coding: [{ system: 'http://loinc.org', code: '8462-4' }] },
      valueQuantity: { value: 82, unit: 'mm[Hg]', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
    },
  ],
} as unknown as FhirResource;

const inError = (r: FhirResource) => ({ ...r, status: 'entered-in-error' }) as FhirResource;

describe('what a FHIR page withdrew', () => {
  it('names nothing while every resource stands', () => {
    expect(withdrawnSamples([glucose, pressure], options)).toEqual([]);
  });

  it('names the kinds and origin ids an entered-in-error Observation was stored under, by mapping it as it stood', () => {
    expect(withdrawnSamples([inError(glucose), inError(pressure), glucose], options)).toEqual([
      {
        kinds: ['blood_glucose', 'blood_pressure_systolic', 'blood_pressure_diastolic'],
        originIds: ['lab-glu-1', 'bp-1'],
      },
    ]);
  });

  it('reads a Condition’s verificationStatus, one entry per resource type', () => {
    expect(isEnteredInError(condition)).toBe(true);
    expect(withdrawnSamples([condition, inError(glucose)], options)).toEqual([
      { kinds: ['diagnosis'], originIds: ['cond-1'] },
      { kinds: ['blood_glucose'], originIds: ['lab-glu-1'] },
    ]);
  });

  it('falls back to the LOINC codes of an Observation retracted without its value', () => {
    const bare = { ...inError(glucose), valueQuantity: undefined } as FhirResource;
    expect(withdrawnSamples([bare], options)).toEqual([
      { kinds: ['custom', 'blood_glucose'], originIds: ['lab-glu-1', 'lab-glu-1:2345-7'] },
    ]);
  });

  it('leaves a retracted resource without an id: it cannot be matched', () => {
    expect(
      withdrawnSamples([{ ...inError(glucose), id: undefined } as unknown as FhirResource], options),
    ).toEqual([]);
  });
});
