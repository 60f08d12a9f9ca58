import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { ImportFormatError } from '../types';
import { dexcomClarityImporter as importer } from './index';
import {
  CGM_AND_WEARABLE_FOLDERS,
  collect,
  context,
  formatFixtures,
  randomText,
  unaccounted,
} from '../shared/test-support';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));
const mgdl = () => fileFromBuffer('Clarity_Export_Carter_Ben.csv', fixture('clarity-mgdl.csv'));
const NY = context('America/New_York');

describe('Dexcom Clarity import', () => {
  it('reads EGV rows as blood glucose in the header unit, local times across a DST jump', async () => {
    const out = await collect(importer, [mgdl()], NY);
    expect(out.error).toBeUndefined();
    // Readings: 7 EGV rows, a calibration, an insulin dose and carbs; the untimed preamble holds none.
    expect(out.records).toBe(10);
    expect(out.samples.map((s) => s.value)).toEqual([112, 108, 40, 400, 131]);
    expect(new Set(out.samples.map((s) => s.kind))).toEqual(new Set(['blood_glucose']));
    expect(new Set(out.samples.map((s) => s.unit))).toEqual(new Set(['mg/dL']));
    const [a, b, low] = out.samples;
    // 01:55 EST and 03:00 EDT on 2024-03-10 are 65 wall-clock minutes but 5 real minutes apart.
    expect(new Date(b!.start).toISOString()).toBe('2024-03-10T06:55:00.000Z');
    expect(new Date(low!.start).toISOString()).toBe('2024-03-10T07:00:00.000Z');
    expect([a!.utcOffsetMin, low!.utcOffsetMin]).toEqual([-300, -240]);
    expect(a).toMatchObject({
      source: 'dexcom',
      device: 'iOS G6',
      originId: '8ABCDE:4012345',
      tz: 'America/New_York',
    });
  });

  it('stores Low and High as the sensor bounds and keeps the printed word', async () => {
    const out = await collect(importer, [mgdl()], NY);
    expect(out.samples[2]!.meta).toEqual({ valueText: 'Low' });
    expect(out.samples[3]!.meta).toEqual({ valueText: 'High' });
    const mmol = await collect(importer, [fileFromBuffer('x.csv', fixture('clarity-mmol.csv'))], NY);
    expect(mmol.samples.map((s) => [s.value, s.unit])).toEqual([
      [6.2, 'mmol/L'],
      [6.4, 'mmol/L'],
      [2.2, 'mmol/L'],
    ]);
    expect(mmol.samples[0]!.device).toBe('android G7');
  });

  it('skips calibration, insulin and carb rows by their Event Type, with why', async () => {
    const out = await collect(importer, [mgdl()], NY);
    expect([...out.skipped.values()]).toEqual([
      { type: 'Calibration', count: 1, reason: expect.stringContaining('fingerstick') },
      { type: 'Insulin', count: 1, reason: expect.stringContaining('insulin') },
      { type: 'Carbs', count: 1, reason: expect.stringContaining('nutrition') },
    ]);
  });

  it('accounts for every reading of every fixture', async () => {
    for (const name of ['clarity-mgdl.csv', 'clarity-mmol.csv']) {
      const out = await collect(importer, [fileFromBuffer(name, fixture(name))], NY);
      expect(unaccounted(out), name).toBe(0);
    }
    const mmol = await collect(importer, [fileFromBuffer('x.csv', fixture('clarity-mmol.csv'))], NY);
    expect([mmol.records, mmol.skippedCount]).toEqual([3, 0]);
  });

  it('reports bad EGV rows as issues', async () => {
    const out = await collect(importer, [mgdl()], NY);
    expect(out.issues).toEqual([
      expect.objectContaining({
        file: 'Clarity_Export_Carter_Ben.csv',
        line: 16,
        message: expect.stringContaining('abc'),
      }),
      expect.objectContaining({ line: 17, message: expect.stringContaining('later') }),
    ]);
  });

  it('gives a row without transmitter a stable origin, and the same samples on every run', async () => {
    const first = await collect(importer, [mgdl()], NY);
    const second = await collect(importer, [mgdl()], NY);
    expect(first.samples.at(-1)!.originId).toBe('iOS G6@2024-03-11T12:00:00');
    expect(second.samples).toEqual(first.samples);
  });

  it('warns when the patient named in the export is not the owner', async () => {
    expect((await collect(importer, [mgdl()], NY)).warnings).toEqual([]);
    const other = await collect(importer, [mgdl()], context('America/New_York', 'Ada Lovelace'));
    expect(other.warnings).toHaveLength(1);
    expect(other.warnings[0]).toContain('Ben Carter');
  });

  it('throws ImportFormatError for a cut-off file after yielding what came before', async () => {
    const text = fixture('clarity-mgdl.csv').toString('utf8');
    const cut = text.slice(0, text.indexOf('"14","2024-03-10T09:1') + 16);
    const out = await collect(importer, [fileFromBuffer('cut.csv', cut)], NY);
    expect(out.error).toBeInstanceOf(ImportFormatError);
    expect((out.error as ImportFormatError).where?.file).toBe('cut.csv');
    expect(out.samples.map((s) => s.value)).toEqual([112, 108, 40]);
  });

  it('detects Clarity exports by their header, and nothing else', async () => {
    expect(await importer.detect([mgdl()])).toBeGreaterThanOrEqual(0.9);
    expect(await importer.detect([randomText, mgdl()])).toBeGreaterThanOrEqual(0.9);
    const others = formatFixtures(CGM_AND_WEARABLE_FOLDERS.filter((f) => f !== 'dexcom-clarity'));
    for (const file of [...others, randomText]) expect(await importer.detect([file]), file.name).toBe(0);
  });
});
