import type { Resource } from '@healthfolio/fhir';
import {
  usCoreMedication as medication,
  usCoreReferencedRequest as referencedRequest,
} from '@healthfolio/fhir/test-fixtures';
import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { fixture, readAll } from './test-support';

describe('FHIR file import', () => {
  it('emits the clinical records of an Epic bundle with its chunks, under the sender it recognised', async () => {
    const { chunks, samples } = await readAll([fixture('epic-us-core-bundle.json')]);
    const records = chunks.flatMap((c) => c.clinical ?? []);
    expect(records.map((r) => [r.category, r.originId, r.display, r.status])).toEqual([
      ['condition', 'eDm2-C', 'Type 2 diabetes mellitus', 'active'],
      ['condition', 'eHtn-C', 'Hypertension', 'resolved'],
      ['procedure', 'eColo-P', 'Colonoscopy', 'completed'],
      ['medication', 'eMet-M', 'metFORMIN 500 MG tablet', 'active'],
      ['encounter', 'eEnc-1', 'Ambulatory visit', 'finished'],
    ]);
    expect(new Set(records.map((r) => r.source))).toEqual(new Set(['epic']));
    // The samples are those the importer always gave.
    expect(samples.filter((s) => s.kind === 'diagnosis').map((s) => s.originId)).toEqual([
      'eDm2-C',
      'eHtn-C',
    ]);
  });

  it('names a MedicationRequest from a Medication read earlier in a bulk export', async () => {
    const lines = (resources: Resource[]) =>
      Buffer.from(resources.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const files = [
      fileFromBuffer('MedicationRequest.ndjson', lines([referencedRequest])),
      fileFromBuffer('Medication.ndjson', lines([medication])),
    ];
    const { chunks } = await readAll(files);
    const records = chunks.flatMap((c) => c.clinical ?? []);
    expect(records.map((r) => r.display)).toEqual(['Nizatidine 15 MG/ML Oral Solution [Axid]']);
  });
});
