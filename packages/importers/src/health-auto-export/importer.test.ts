import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Assembler from 'stream-json/assembler.js';
import { describe, expect, it, vi } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { detectImporter } from '../registry';
import { collect, context, unaccounted } from '../shared/test-support';
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
    // Readings, as the importer counts them: 30 samples, 1 problem, 1 reading of a metric not kept.
    expect(read.records).toBe(pushed.readings);
    expect(read.records).toBe(32);
    expect(unaccounted(read)).toBe(0);
  });

  it('skips a metric it has no kind for under its name, with why, and raises no issue for it', async () => {
    const read = await collect(importer, [fileFromBuffer('export.json', json)], ctx);
    expect([...read.skipped.values()]).toEqual([
      { type: 'walking_speed', count: 1, reason: 'Healthfolio has no metric for it yet' },
    ]);
    expect(read.issues.map((i) => i.message)).toEqual(['step_count[0]: "yesterday" is not a date']);
  });

  it('counts the readings of a metric it does not keep without assembling them', async () => {
    const readings = Array.from(
      { length: 5000 },
      (_, i) => `{"date":"2024-02-06 08:${String(i % 60).padStart(2, '0')}:00 -0800","qty":${i}}`,
    );
    const body = `{"data":{"metrics":[{"name":"walking_speed","units":"mi/hr","data":[${readings.join(',')}]}]}}`;
    const consume = vi.spyOn(Assembler.prototype, 'consume');
    try {
      const read = await collect(importer, [fileFromBuffer('export.json', body, 4096)], ctx);
      expect(read.error).toBeUndefined();
      expect(read.skipped.get('walking_speed')?.count).toBe(5000);
      expect([read.records, read.samples.length, unaccounted(read)]).toEqual([5000, 0, 0]);
      expect(consume).not.toHaveBeenCalled();
    } finally {
      consume.mockRestore();
    }
  });

  it('skips awake and in-bed sleep stages, and a night without sleep', async () => {
    const body = {
      data: {
        metrics: [
          {
            name: 'sleep_analysis',
            units: 'hr',
            data: [
              { startDate: '2024-02-05 23:00:00 -0800', endDate: '2024-02-06 01:00:00 -0800', value: 'Core' },
              {
                startDate: '2024-02-06 01:00:00 -0800',
                endDate: '2024-02-06 01:10:00 -0800',
                value: 'Awake',
              },
              {
                startDate: '2024-02-05 22:50:00 -0800',
                endDate: '2024-02-06 07:00:00 -0800',
                value: 'In Bed',
              },
              { date: '2024-02-07 00:00:00 -0800', totalSleep: 0, sleepStart: '2024-02-06 23:00:00 -0800' },
            ],
          },
        ],
      },
    };
    const read = await collect(importer, [fileFromBuffer('export.json', JSON.stringify(body))], ctx);
    expect(read.samples).toHaveLength(1);
    expect([...read.skipped.values()].map((s) => [s.type, s.count])).toEqual([
      ['sleep_analysis (Awake, In Bed)', 2],
      ['sleep_analysis (no sleep)', 1],
    ]);
    expect([read.records, unaccounted(read)]).toEqual([4, 0]);
  });

  it('hands problems on with the chunk of their readings, not all at the end', async () => {
    const readings = Array.from({ length: 12_000 }, (_, i) =>
      i % 1000 === 0 ? '{"date":"soon","qty":1}' : `{"date":"2024-02-06 08:00:00 -0800","qty":${i}}`,
    );
    const body = `{"data":{"metrics":[{"name":"step_count","units":"count","data":[${readings.join(',')}]}]}}`;
    const read = await collect(importer, [fileFromBuffer('export.json', body)], ctx);
    expect(read.issues).toHaveLength(12);
    expect(read.chunks.filter((c) => c.issues?.length).length).toBeGreaterThan(1);
    for (const chunk of read.chunks) {
      expect(chunk.records).toBe(chunk.samples.length + (chunk.issues?.length ?? 0));
    }
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
    expect(read.skipped).toEqual(asIs.skipped);
    expect(unaccounted(read)).toBe(0);
  });
});
