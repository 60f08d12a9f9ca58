import { enteredInErrorCondition as condition, labGlucose as glucose } from '@healthfolio/fhir/test-fixtures';
import { describe, expect, it } from 'vitest';
import { FhirCorrections } from './fhir-corrections';

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
