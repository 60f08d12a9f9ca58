import type { FhirResource } from '@healthfolio/fhir';
import { describe, expect, it } from 'vitest';
import { FhirCorrections } from './fhir-corrections';

// As in @healthfolio/connectors' shared/fhir-withdrawn.test.ts.
const glucose = {
  resourceType: 'Observation',
  id: 'lab-glu-1',
  status: 'final',
  category: [{ coding: [{ code: 'laboratory' }] }],
  code: { coding: [{ system: 'http://loinc.org', code: '2345-7', display: 'Glucose' }] },
  effectiveDateTime: '2026-11-20T08:00:00-05:00',
  valueQuantity: { value: 104, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
} as unknown as FhirResource;

const condition = {
  resourceType: 'Condition',
  id: 'cond-1',
  verificationStatus: { coding: [{ code: 'entered-in-error' }] },
  code: { coding: [{ system: 'http://snomed.info/sct', code: '44054006', display: 'Diabetes' }] },
  onsetDateTime: '2024-02-01',
} as unknown as FhirResource;

describe('a fake FHIR server’s corrections', () => {
  it('answers a retracted resource as entered-in-error, a new version with a new lastUpdated', () => {
    let now = Date.parse('2026-11-22T12:00:00Z');
    const corrections = new FhirCorrections(() => now);
    const control: { deleteRecord?: (id: string) => void; revise?: (id: string, f: object) => void } = {};
    corrections.expose(control);
    const resource = { ...glucose, meta: { lastUpdated: '2026-11-20T14:00:00Z', profile: ['x'] } } as never;
    control.deleteRecord!('Observation/lab-glu-1');
    expect(corrections.apply(resource)).toMatchObject({
      status: 'entered-in-error',
      meta: { versionId: '2', lastUpdated: '2026-11-22T12:00:00Z', profile: ['x'] },
    });
    now += 60_000;
    control.deleteRecord!('Condition/cond-1');
    expect(
      corrections.apply({ ...condition, verificationStatus: undefined } as never) as {
        verificationStatus: unknown;
      },
    ).toMatchObject({ verificationStatus: { coding: [{ code: 'entered-in-error' }] } });
  });
});
