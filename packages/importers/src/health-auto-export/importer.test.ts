import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { detectImporter } from '../registry';
import { collect, context } from '../shared/test-support';
import { ImportFormatError } from '../types';
import { healthAutoExportImporter as importer, parseHealthAutoExport } from './index';

const json = readFileSync(join(import.meta.dirname, 'fixtures', 'automation.json'));
const ctx = context('America/Los_Angeles');

describe('health-auto-export: a JSON file exported by the app', () => {
  it('is recognised by its content, whatever its name, and nothing else is', async () => {
    expect(await detectImporter([fileFromBuffer('HealthAutoExport-2024-02-06.json', json)])).toBe(importer);
    expect(await importer.detect([fileFromBuffer('upload.bin', json)])).toBeGreaterThan(0.5);
    expect(await importer.detect([fileFromBuffer('samples.json', '{"samples":[]}')])).toBe(0);
    expect(await importer.detect([fileFromBuffer('export.xml', '<?xml version="1.0"?><HealthData/>')])).toBe(
      0,
    );
  });

  it('gives the samples the ingest URL gives for the same JSON, under Apple Health', async () => {
    const read = await collect(importer, [fileFromBuffer('export.json', json)], ctx);
    expect(read.error).toBeUndefined();
    const pushed = parseHealthAutoExport(JSON.parse(json.toString('utf8')), {
      source: 'apple_healthkit',
      timeZone: 'America/Los_Angeles',
    });
    expect(read.samples).toEqual(pushed.samples);
    expect(read.samples.length).toBeGreaterThan(10);
    expect(new Set(read.samples.map((s) => s.source))).toEqual(new Set(['apple_healthkit']));
    expect(read.records).toBe(pushed.records);
  });

  it('stops with where and why on a cut-off file', async () => {
    const cut = json.subarray(0, Math.floor(json.length / 2));
    const read = await collect(importer, [fileFromBuffer('export.json', cut)], ctx);
    expect(read.error).toBeInstanceOf(ImportFormatError);
    expect(read.error!.message).toMatch(/not complete JSON/);
    expect((read.error as ImportFormatError).where).toEqual({ file: 'export.json' });
  });
});
