import { describe, expect, it } from 'vitest';
import { connectors } from '../registry';
import { SEARCHES } from './client';
import { BUILT_IN_ENDPOINTS, endpointDirectory, parseEndpointFile } from './directory';
import { resourcesOf } from './normalize';

describe('the SMART on FHIR connectors', () => {
  it('registers epic, cerner, ehr and va with SMART discovery, aud and PKCE', () => {
    for (const kind of ['epic', 'cerner', 'ehr', 'va']) {
      const c = connectors.find((x) => x.manifest.kind === kind)!;
      expect(c.manifest.oauth, kind).toMatchObject({ discovery: 'smart', audience: true, pkce: true });
      expect(c.manifest.oauth!.scopes, kind).toEqual(
        expect.arrayContaining(['launch/patient', 'openid', 'fhirUser', 'offline_access']),
      );
      expect(c.records, kind).toBeTypeOf('function');
    }
    expect(connectors.find((c) => c.manifest.kind === 'cerner')!.manifest.oauth!.scopes).toContain(
      'patient/*.rs',
    );
    expect(connectors.find((c) => c.manifest.kind === 'epic')!.manifest.oauth!.clientAuth).toBe('none');
  });

  it('reads the searches of the brief in a fixed order', () => {
    expect(SEARCHES.map((s) => s.resource)).toEqual([
      'Observation:vital-signs',
      'Observation:laboratory',
      'Condition',
      'Procedure',
      'DiagnosticReport',
      'MedicationRequest',
      'Immunization',
      'AllergyIntolerance',
      'Encounter',
    ]);
  });

  it('takes the resources of a searchset and leaves out OperationOutcomes', () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'searchset',
      entry: [
        { resource: { resourceType: 'Condition', id: 'c1' }, search: { mode: 'match' } },
        { resource: { resourceType: 'OperationOutcome', issue: [] }, search: { mode: 'outcome' } },
      ],
    };
    expect(resourcesOf(bundle).map((r) => r.id)).toEqual(['c1']);
    expect(resourcesOf({ resourceType: 'OperationOutcome', issue: [] })).toEqual([]);
    expect(resourcesOf(null)).toEqual([]);
  });
});

describe('the endpoint directory', () => {
  it('adds the operator file to the built-in sandboxes; an entry of the same id replaces one', () => {
    const extra = parseEndpointFile(
      JSON.stringify([
        { id: 'mercy', name: ' Mercy General ', fhirBaseUrl: 'https://fhir.mercy.example/r4/' },
        { id: 'epic-sandbox', name: 'Epic (our tenant)', fhirBaseUrl: 'https://epic.example/api/FHIR/R4' },
      ]),
    );
    expect(extra[0]).toEqual({
      id: 'mercy',
      name: 'Mercy General',
      fhirBaseUrl: 'https://fhir.mercy.example/r4',
    });
    const all = endpointDirectory(extra);
    expect(all).toHaveLength(BUILT_IN_ENDPOINTS.length + 1);
    expect(all.find((e) => e.id === 'epic-sandbox')!.name).toBe('Epic (our tenant)');
  });

  it('says which entry of a broken file is wrong', () => {
    expect(() => parseEndpointFile('{')).toThrow(/not JSON/);
    expect(() => parseEndpointFile('{}')).toThrow(/array/);
    expect(() => parseEndpointFile('[{"id":"a b","name":"x","fhirBaseUrl":"https://x"}]')).toThrow(
      /entry 0: id/,
    );
    expect(() => parseEndpointFile('[{"id":"a","name":"x","fhirBaseUrl":"ftp://x"}]')).toThrow(
      /entry 0: fhirBaseUrl/,
    );
    expect(() => parseEndpointFile('[{"id":"a","fhirBaseUrl":"https://x"}]')).toThrow(/entry 0: name/);
  });
});
