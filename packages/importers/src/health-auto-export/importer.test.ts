import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
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

  it('stops with where and why on a cut-off file, keeping the readings before the cut', async () => {
    const cut = json.subarray(0, Math.floor(json.length / 2));
    const read = await collect(importer, [fileFromBuffer('export.json', cut)], ctx);
    expect(read.error).toBeInstanceOf(ImportFormatError);
    expect(read.error!.message).toMatch(/not complete JSON/);
    const where = (read.error as ImportFormatError).where!;
    expect(where.file).toBe('export.json');
    expect(where.byte).toBeGreaterThan(0);
    expect(where.byte).toBeLessThanOrEqual(cut.length);
    const whole = await collect(importer, [fileFromBuffer('export.json', json)], ctx);
    expect(read.samples.length).toBeGreaterThan(0);
    expect(read.samples).toEqual(whole.samples.slice(0, read.samples.length));
  });

  it('reads a long export as it streams in, never whole', async () => {
    // Ten weeks of per-minute heart rate (~9 MB): the first samples leave before a quarter of it is read
    // (about 1 MB: a part's 5 000 readings and what the streams read ahead).
    const start = Date.parse('2024-01-01T00:00:00Z');
    const minutes = 100_800;
    const readings = Array.from({ length: minutes }, (_, i) => {
      const at = new Date(start + i * 60_000).toISOString().replace('T', ' ').replace('.000Z', ' +0000');
      return `{"date":"${at}","Min":${60 + (i % 7)},"Avg":${64 + (i % 9)},"Max":${70 + (i % 11)},"source":"Ada's Apple Watch"}`;
    });
    const bytes = Buffer.from(
      `{"data":{"metrics":[{"name":"heart_rate","units":"count/min","data":[${readings.join(',')}]}],"workouts":[]}}`,
    );
    // Counts what the importer has pulled from the file so far.
    let bytesRead = 0;
    const file = fileFromBuffer('HealthAutoExport.json', bytes);
    const counted = {
      ...file,
      open: () =>
        Readable.from(
          (function* () {
            for (let at = 0; at < bytes.length; at += 64 * 1024) {
              const chunk = bytes.subarray(at, at + 64 * 1024);
              bytesRead += chunk.length;
              yield chunk;
            }
          })(),
          { objectMode: false },
        ),
    };
    let firstAt: number | undefined;
    let samples = 0;
    let records = 0;
    for await (const chunk of importer.read([counted], ctx)) {
      firstAt ??= bytesRead;
      samples += chunk.samples.length;
      records += chunk.records;
    }
    expect(firstAt).toBeLessThan(bytes.length / 4);
    expect(samples).toBe(minutes);
    expect(records).toBe(minutes);
  });

  it('reads the same samples whatever order a metric’s keys come in', async () => {
    const body = JSON.parse(json.toString('utf8')) as { data: { metrics: Record<string, unknown>[] } };
    // The readings first, the name and units after them.
    const reordered = {
      data: {
        ...body.data,
        metrics: body.data.metrics.map(({ name, units, data, ...rest }) => ({ data, ...rest, units, name })),
      },
    };
    const read = await collect(importer, [fileFromBuffer('export.json', JSON.stringify(reordered))], ctx);
    const asIs = await collect(importer, [fileFromBuffer('export.json', json)], ctx);
    expect(read.error).toBeUndefined();
    expect(read.samples).toEqual(asIs.samples);
    expect(read.records).toBe(asIs.records);
    expect(read.issues).toEqual(asIs.issues);
  });
});
