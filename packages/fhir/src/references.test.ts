import { describe, expect, it } from 'vitest';
import { referenceKey } from './references';

describe('references', () => {
  it('keys references the way results are looked up', () => {
    expect(referenceKey('Observation/abc')).toBe('Observation/abc');
    expect(referenceKey('https://fhir.example/R4/Observation/abc/_history/2')).toBe('Observation/abc');
    expect(referenceKey('urn:uuid:1234')).toBe('urn:uuid:1234');
    expect(referenceKey('abc')).toBeUndefined();
    expect(referenceKey(42)).toBeUndefined();
  });
});
