import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import type { ImportFile } from '../types';
import { layoutOf } from './fhir-file';
import { fhirImporter } from './index';
import { blueButtonFiles, fixture } from './test-support';

const detect = (files: ImportFile[]) => fhirImporter.detect(files);
const text = (name: string, content: string) => fileFromBuffer(name, content);

describe('FHIR detection', () => {
  it('is sure of its own fixtures, alone or among other entries of a zip', async () => {
    expect(await detect([fixture('epic-us-core-bundle.json')])).toBeGreaterThanOrEqual(0.9);
    expect(await detect([fixture('other-patient-bundle.json')])).toBeGreaterThanOrEqual(0.9);
    expect(await detect(blueButtonFiles())).toBeGreaterThanOrEqual(0.9);
    const manifest = text('export/manifest.json', '{"transactionTime":"2023-02-08T04:17:42Z","output":[]}');
    expect(await detect([manifest, ...blueButtonFiles()])).toBeGreaterThanOrEqual(0.9);
  });

  it('decides by content, not by the file name', async () => {
    const bundle = readFileSync(new URL('./fixtures/epic-us-core-bundle.json', import.meta.url));
    expect(await detect([fileFromBuffer('download', bundle)])).toBeGreaterThanOrEqual(0.9);
    expect(await detect([text('Observation.ndjson', 'timestamp,value\n2024-01-01,5\n')])).toBe(0);
  });

  it('tells a Bundle from NDJSON and a one-resource file', () => {
    expect(layoutOf('{\n  "resourceType": "Bundle",\n  "entry": []\n}')).toBe('json');
    expect(layoutOf('{"resourceType":"Bundle","type":"collection","entry":[]}\n')).toBe('json');
    expect(layoutOf('{"resourceType":"Patient","id":"1"}\n{"resourceType":"Patient","id":"2"}\n')).toBe(
      'ndjson',
    );
    expect(layoutOf('\uFEFF{"resourceType":"Observation","id":"1"}')).toBe('json');
    expect(layoutOf('[{"resourceType":"Observation","id":"1"}]')).toBe('json');
    // A head cut inside a long first line is read as a JSON stream, which takes line-delimited values too.
    expect(layoutOf('{"resourceType":"ExplanationOfBenefit","id":"1","item":[{"sequence":1')).toBe('json');
  });

  it('leaves other JSON alone, even when it says "resourceType"', async () => {
    expect(
      await detect([text('oura.json', '{"sleep":[{"day":"2024-03-10","score":82}],"readiness":[]}')]),
    ).toBe(0);
    expect(await detect([text('whoop.json', '[{"cycle_id":1,"score":{"strain":12.1}}]')])).toBe(0);
    expect(await detect([text('fitbit.json', '[{"dateTime":"03/09/24 00:00:00","value":"1234"}]')])).toBe(0);
    expect(await detect([text('azure.json', '{"resourceType":"virtualMachines","name":"vm1"}')])).toBe(0);
    expect(await detect([text('notes.txt', 'resourceType Bundle, but only in prose.\n')])).toBe(0);
    expect(await detect([fileFromBuffer('random.bin', Buffer.from([0, 159, 146, 150, 255, 1, 2]))])).toBe(0);
    expect(await detect([])).toBe(0);
  });

  it('leaves an Apple Health export to its importer although it carries FHIR clinical records', async () => {
    const exportXml = text(
      'apple_health_export/export.xml',
      '<?xml version="1.0"?>\n<!DOCTYPE HealthData>\n<HealthData locale="en_US">\n</HealthData>\n',
    );
    const record = text(
      'apple_health_export/clinical-records/Observation-1.json',
      '{"resourceType":"Observation","id":"1","status":"final"}',
    );
    expect(await detect([exportXml, record])).toBe(0);
  });

  it("scores 0 on every other format's fixtures", async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const folders = readdirSync(root).filter((d) => d !== 'fhir' && isDir(join(root, d, 'fixtures')));
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) {
      const files = walk(join(root, folder, 'fixtures')).map((path) =>
        fileFromBuffer(relative(root, path), readFileSync(path)),
      );
      if (files.length === 0) continue;
      expect(await detect(files), folder).toBe(0);
      for (const file of files) expect(await detect([file]), file.name).toBe(0);
    }
  });
});

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return isDir(path) ? walk(path) : [path];
  });
}
