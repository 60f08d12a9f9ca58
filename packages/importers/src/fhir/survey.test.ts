import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { readAll } from './test-support';

const ndjson = (...rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
const glucose = (id: string) => ({
  resourceType: 'Observation',
  id,
  code: { coding: [{ system: 'http://loinc.org', code: '2345-7' }] },
  effectiveDateTime: '2024-02-01T08:00:00Z',
  valueQuantity: { value: 90, code: 'mg/dL' },
});
const patient = (identifier: unknown[]) => ({ resourceType: 'Patient', id: 'p', identifier });

describe('upload survey', () => {
  it('links results to reports read earlier, as a bulk export orders them by file name', async () => {
    const files = [
      fileFromBuffer('Observation.ndjson', ndjson(glucose('g1'), glucose('g2'))),
      fileFromBuffer(
        'DiagnosticReport.ndjson',
        ndjson({
          resourceType: 'DiagnosticReport',
          id: 'r',
          code: { text: 'Glucose, fasting' },
          result: [{ reference: 'Observation/g2' }],
        }),
      ),
    ];
    const { samples, records } = await readAll(files);
    expect(records).toBe(3);
    expect(samples.map((s) => [s.originId, s.meta?.provenance?.report])).toEqual([
      ['g1', undefined],
      ['g2', 'Glucose, fasting'],
    ]);
  });

  it('names the sender from the systems it writes', async () => {
    const source = async (...rows: unknown[]) =>
      (await readAll([fileFromBuffer('x.ndjson', ndjson(...rows, glucose('g')))])).samples[0]!.source;
    expect(
      await source(patient([{ system: 'urn:oid:2.16.840.1.113883.4.349', value: '1012345678V123456' }])),
    ).toBe('va');
    expect(await source(patient([{ system: 'http://va.gov/mpi', value: '1012345678V123456' }]))).toBe('va');
    expect(
      await source(
        patient([{ system: 'https://bluebutton.cms.gov/resources/variables/bene_id', value: '1' }]),
      ),
    ).toBe('medicare');
    expect(
      await source(patient([{ system: 'urn:oid:1.2.840.114350.1.13.0.1.7.5.737384.14', value: 'E1' }])),
    ).toBe('epic');
    expect(await source(patient([{ system: 'http://hospital.example/mrn', value: '1' }]))).toBe('ehr');
  });
});
