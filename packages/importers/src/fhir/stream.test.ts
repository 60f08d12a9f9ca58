import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { ImportFormatError, type ImportChunk } from '../types';
import { fhirImporter } from './index';
import { unaccounted } from '../shared/test-support';
import { context, fixture, readAll, summarize } from './test-support';

const weight = (id: string, kg: number, when = '2024-01-05T07:00:00Z') => ({
  resourceType: 'Observation',
  id,
  status: 'final',
  code: { coding: [{ system: 'http://loinc.org', code: '29463-7', display: 'Body weight' }] },
  effectiveDateTime: when,
  valueQuantity: { value: kg, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
});

/** Reads until the importer throws; the chunks yielded before the error, and the error. */
async function readUntilError(content: string, name = 'bundle.json') {
  const chunks: ImportChunk[] = [];
  let error: unknown;
  try {
    for await (const chunk of fhirImporter.read([fileFromBuffer(name, content, 4096)], context()))
      chunks.push(chunk);
  } catch (e) {
    error = e;
  }
  return { ...summarize(chunks), error };
}

describe('FHIR JSON streaming', () => {
  it('yields every complete entry of a cut-off Bundle, then throws ImportFormatError with where', async () => {
    const full = JSON.stringify({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [1, 2, 3, 4].map((i) => ({ resource: weight(`w${i}`, 70 + i) })),
    });
    const cut = full.slice(0, full.indexOf('"w4"') + 10);
    const { samples, error } = await readUntilError(cut);
    expect(samples.map((s) => s.originId)).toEqual(['w1', 'w2', 'w3']);
    expect(error).toBeInstanceOf(ImportFormatError);
    expect((error as ImportFormatError).where).toMatchObject({ file: 'bundle.json', record: 3 });
    expect((error as ImportFormatError).where?.byte).toBeGreaterThan(0);
    expect((error as Error).message).toMatch(/bundle\.json breaks off/);
  });

  it('throws on garbage inside a Bundle after yielding what came before', async () => {
    const entries = Array.from({ length: 40 }, (_, i) =>
      JSON.stringify({ resource: weight(`w${i}`, 60 + i) }),
    );
    const content = `{"resourceType":"Bundle","entry":[${entries.join(',')},{"resource": nope}]}`;
    const { samples, error } = await readUntilError(content);
    expect(error).toBeInstanceOf(ImportFormatError);
    // Damage costs at most the slice of text it sits in; everything before that is kept.
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.map((s) => s.originId)).toEqual(entries.slice(0, samples.length).map((_, i) => `w${i}`));
  });

  it('reads a single resource, a top-level array, concatenated values and Bundles inside Bundles', async () => {
    const single = await readAll([fileFromBuffer('one.json', JSON.stringify(weight('solo', 80), null, 2))]);
    expect(single.samples.map((s) => s.originId)).toEqual(['solo']);
    const array = await readAll([
      fileFromBuffer('list.json', JSON.stringify([weight('a', 1), weight('b', 2)])),
    ]);
    expect(array.samples.map((s) => s.originId)).toEqual(['a', 'b']);
    const nested = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { resourceType: 'Bundle', type: 'searchset', entry: [{ resource: weight('n1', 70) }] } },
        { resource: weight('n2', 71) },
      ],
    };
    const lines = `${JSON.stringify(nested)}\n${JSON.stringify(nested).replace(/n1/g, 'n3').replace(/n2/g, 'n4')}\n`;
    const many = await readAll([fileFromBuffer('bundles.ndjson', lines)]);
    expect(many.samples.map((s) => s.originId)).toEqual(['n1', 'n2', 'n3', 'n4']);
    expect(many.records).toBe(4);
    expect(unaccounted(many)).toBe(0);
  });

  it('skips the resources it does not map under their resourceType, without issues', async () => {
    const bundle = {
      resourceType: 'Bundle',
      entry: ['Immunization', 'AllergyIntolerance', 'Encounter', 'MedicationRequest'].map((type, i) => ({
        resource: { resourceType: type, id: `${i}` },
      })),
    };
    const out = await readAll([fileFromBuffer('b.json', JSON.stringify(bundle))]);
    const { samples, records, issues } = out;
    expect({ samples: samples.length, records, issues }).toEqual({ samples: 0, records: 4, issues: [] });
    expect([...out.skipped.values()]).toEqual(
      ['Immunization', 'AllergyIntolerance', 'Encounter', 'MedicationRequest'].map((type) => ({
        type,
        count: 1,
        reason: 'kept as a clinical record (the Clinical records tab), not as a metric',
      })),
    );
    expect(unaccounted(out)).toBe(0);
  });

  it('names what it skips: types it does not import, withdrawn and not-done resources, uncoded claim lines', async () => {
    const at = '2024-03-10T08:00:00Z';
    const resources = [
      { resourceType: 'CarePlan', id: 'cp' },
      { resourceType: 'Practitioner', id: 'dr' },
      { resourceType: 'MedicationRequest', id: 'm1', status: 'entered-in-error' },
      { resourceType: 'Condition', id: 'c1', verificationStatus: { coding: [{ code: 'entered-in-error' }] } },
      { resourceType: 'Procedure', id: 'p1', status: 'not-done', code: { text: 'Colonoscopy' } },
      {
        resourceType: 'ExplanationOfBenefit',
        id: 'e1',
        type: { text: 'Carrier' },
        billablePeriod: { start: at },
        diagnosis: [{ sequence: 1, diagnosisReference: { reference: 'Condition/c1' } }],
      },
    ];
    const out = await readAll([
      fileFromBuffer('r.ndjson', resources.map((r) => JSON.stringify(r)).join('\n')),
    ]);
    expect(out.samples.map((s) => s.kind)).toEqual(['medical_service']);
    expect([...out.skipped.values()].map((s) => [s.type, s.reason])).toEqual([
      ['CarePlan', 'Healthfolio does not import FHIR CarePlan resources yet'],
      ['Practitioner', 'who or where care was given, not a reading'],
      ['MedicationRequest (entered-in-error)', expect.stringContaining('withdrawn')],
      ['Condition (entered-in-error)', expect.stringContaining('withdrawn')],
      ['Procedure (not-done)', 'a procedure that was not done'],
      ['ExplanationOfBenefit.diagnosis without a code', expect.stringContaining('code')],
    ]);
    expect([out.records, unaccounted(out)]).toEqual([7, 0]);
  });

  it('says so of a Bundle nested too deep to open, rather than dropping its entries', async () => {
    let bundle: Record<string, unknown> = {
      resourceType: 'Bundle',
      entry: [{ resource: weight('deep', 70) }],
    };
    for (let i = 0; i < 5; i++) bundle = { resourceType: 'Bundle', entry: [{ resource: bundle }] };
    const out = await readAll([fileFromBuffer('deep.json', JSON.stringify(bundle))]);
    expect(out.samples).toEqual([]);
    expect(out.issues.map((i) => i.message)).toEqual([
      'A Bundle nested more than 4 deep: its 1 entries were not read',
    ]);
    expect(unaccounted(out)).toBe(0);
  });

  it('refuses an upload with no FHIR file', async () => {
    await expect(readAll([fileFromBuffer('x.csv', 'a,b\n1,2\n')])).rejects.toBeInstanceOf(ImportFormatError);
  });

  it('stops at the next record when the import is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const chunks: ImportChunk[] = [];
    for await (const chunk of fhirImporter.read([fixture('epic-us-core-bundle.json')], {
      ...context(),
      signal: controller.signal,
    })) {
      chunks.push(chunk);
    }
    expect(summarize(chunks).samples).toEqual([]);
  });

  it('reads a 10 000-resource bundle of observations, conditions and claims in chunks of at most 2000', async () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => ({
      fullUrl: `urn:uuid:r-${i}`,
      resource: generated(i),
    }));
    const content = JSON.stringify({ resourceType: 'Bundle', type: 'collection', entry: entries });
    const out = await readAll([fileFromBuffer('big.json', content, 1024 * 1024)]);
    const { samples, records, issues, chunks } = out;
    expect(records).toBe(10_000);
    expect(issues).toEqual([]);
    expect(unaccounted(out)).toBe(0);
    expect(samples).toHaveLength(10_000);
    expect(chunks.every((c) => c.samples.length <= 2000)).toBe(true);
    const byKind = samples.reduce<Record<string, number>>(
      (n, s) => ({ ...n, [s.kind]: (n[s.kind] ?? 0) + 1 }),
      {},
    );
    expect(byKind).toEqual({ blood_glucose: 3334, diagnosis: 3333, medical_service: 3333 });
    expect(new Set(samples.map((s) => s.source))).toEqual(new Set(['medicare']));
  });
});

function generated(i: number): Record<string, unknown> {
  const day = `2023-0${1 + (i % 9)}-1${i % 10}`;
  if (i % 3 === 0) {
    return {
      resourceType: 'Observation',
      id: `o${i}`,
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '2345-7', display: 'Glucose' }] },
      effectiveDateTime: `${day}T08:00:00-05:00`,
      valueQuantity: {
        value: 80 + (i % 40),
        unit: 'mg/dL',
        system: 'http://unitsofmeasure.org',
        code: 'mg/dL',
      },
      referenceRange: [{ low: { value: 70 }, high: { value: 99 } }],
    };
  }
  if (i % 3 === 1) {
    return {
      resourceType: 'Condition',
      id: `c${i}`,
      code: { coding: [{ system: 'http://snomed.info/sct', code: '38341003', display: 'Hypertension' }] },
      recordedDate: day,
    };
  }
  return {
    resourceType: 'ExplanationOfBenefit',
    id: `e${i}`,
    status: 'active',
    type: {
      coding: [{ system: 'https://bluebutton.cms.gov/resources/codesystem/eob-type', code: 'CARRIER' }],
    },
    billablePeriod: { start: day },
    item: [
      {
        sequence: 1,
        productOrService: {
          coding: [{ system: 'https://bluebutton.cms.gov/resources/codesystem/hcpcs', code: '99213' }],
        },
      },
    ],
  };
}
