import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { ImportFormatError } from '../types';
import {
  CGM_AND_WEARABLE_FOLDERS,
  collect,
  context,
  formatFixtures,
  randomText,
  unaccounted,
} from '../shared/test-support';
import { libreviewImporter as importer } from './index';
import { orderEvidence, parseDeviceTimestamp } from './timestamp';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));
const us = () => fileFromBuffer('BenCarter_glucose_15-3-2024.csv', fixture('libreview-us-mgdl.csv'));
const eu = () => fileFromBuffer('BenCarter_glucose_2-4-2024.csv', fixture('libreview-eu-mmol.csv'));
const iso = (ms: number) => new Date(ms).toISOString();

describe('LibreView import', () => {
  it('reads historic and scan readings of a US export, month first, across the spring DST jump', async () => {
    const out = await collect(importer, [us()], context('America/New_York'));
    expect(out.error).toBeUndefined();
    expect(out.records).toBe(9);
    expect(out.samples.map((s) => s.value)).toEqual([118, 121, 125, 140, 132]);
    expect(out.samples.map((s) => iso(s.start))).toEqual([
      '2024-03-10T06:30:00.000Z',
      '2024-03-10T06:45:00.000Z',
      '2024-03-10T07:00:00.000Z', // 03:00 EDT: 15 real minutes after 01:45 EST
      '2024-03-14T16:15:00.000Z',
      '2024-03-14T13:07:00.000Z',
    ]);
    expect(out.samples.map((s) => s.utcOffsetMin)).toEqual([-300, -300, -240, -240, -240]);
    expect(out.samples[0]).toMatchObject({
      kind: 'blood_glucose',
      unit: 'mg/dL',
      source: 'freestyle_libre',
      device: 'FreeStyle LibreLink',
      originId: '3F1A7C2E-9B4D-4E11-A0C6-5D2B8E7F9A10:03-10-2024 01:30 AM:0',
      tz: 'America/New_York',
    });
    expect(out.samples[4]!.meta).toEqual({ provenance: { reading: 'scan' } });
  });

  it('reads a European export day first in mmol/L', async () => {
    const out = await collect(importer, [eu()], context('Europe/Berlin'));
    expect(out.samples.map((s) => [s.value, s.unit])).toEqual([
      [5.4, 'mmol/L'],
      [2.2, 'mmol/L'],
      [6.0, 'mmol/L'],
      [7.1, 'mmol/L'],
    ]);
    expect(iso(out.samples[0]!.start)).toBe('2024-03-31T00:50:00.000Z');
    expect(iso(out.samples[1]!.start)).toBe('2024-03-31T01:05:00.000Z');
    expect(out.samples.map((s) => s.utcOffsetMin)).toEqual([60, 120, 120, 120]);
  });

  it('decides the date order only from a number above 12, and rejects impossible dates', () => {
    expect(orderEvidence('03-14-2024 09:07 AM')).toEqual({ order: 'month-first', twelveHour: true });
    expect(orderEvidence('14-03-2024 09:07')).toEqual({ order: 'day-first', twelveHour: false });
    expect(orderEvidence('03-04-2024 09:07').order).toBeUndefined();
    expect(parseDeviceTimestamp('31-04-2024 09:07', 'day-first', 'UTC')).toBeUndefined();
    expect(parseDeviceTimestamp('03-04-2024 12:05 AM', 'month-first', 'UTC')?.ms).toBe(
      Date.UTC(2024, 2, 4, 0, 5),
    );
  });

  it('reports unreadable rows as issues and skips food and note rows', async () => {
    const out = await collect(importer, [us()], context('America/New_York'));
    expect(out.issues).toEqual([
      expect.objectContaining({ line: 7, message: expect.stringContaining('n/a') }),
      expect.objectContaining({ line: 9, message: expect.stringContaining('13-14-2024') }),
    ]);
  });

  it('skips the food and note readings under their column names, with why', async () => {
    const out = await collect(importer, [us()], context('America/New_York'));
    // 7 glucose rows (5 samples, 2 issues), the food row's carbohydrates and the note.
    expect(out.records).toBe(9);
    expect([...out.skipped.values()]).toEqual([
      { type: 'Carbohydrates (grams)', count: 1, reason: expect.stringContaining('nutrition log') },
      { type: 'Notes', count: 1, reason: expect.stringContaining('note') },
    ]);
  });

  it('counts each filled cell of a row as a reading, and an empty one as none', async () => {
    const text = fixture('libreview-eu-mmol.csv').toString('utf8');
    const lines = [
      // An insulin row with rapid- and long-acting units: two readings.
      'FreeStyle Libre 3,0b9e1c4a,01-04-2024 08:05,4,,,,4,,,,,12,,,,,,',
      // A strip reading with its ketones: two readings.
      'FreeStyle Libre 3,0b9e1c4a,01-04-2024 08:10,2,,,,,,,,,,,6.5,0.3,,,',
      // A row of a type without a filled cell: none.
      'FreeStyle Libre 3,0b9e1c4a,01-04-2024 08:15,3,,,,,,,,,,,,,,,',
    ];
    const file = fileFromBuffer('g.csv', `${text.trimEnd()}\r\n${lines.join('\r\n')}\r\n`);
    const out = await collect(importer, [file], context('Europe/Berlin'));
    expect(out.error).toBeUndefined();
    expect(out.records).toBe(4 + 4);
    expect(unaccounted(out)).toBe(0);
    expect([...out.skipped.values()].map((s) => [s.type, s.count])).toEqual([
      ['Rapid-Acting Insulin (units)', 1],
      ['Long-Acting Insulin (units)', 1],
      ['Strip Glucose mmol/L', 1],
      ['Ketone mmol/L', 1],
    ]);
  });

  it('accounts for every reading of every fixture', async () => {
    for (const [file, zone] of [
      [us(), 'America/New_York'],
      [eu(), 'Europe/Berlin'],
    ] as const) {
      const out = await collect(importer, [file], context(zone));
      expect(unaccounted(out), file.name).toBe(0);
    }
  });

  it('yields the same samples with the same origins on every run', async () => {
    const a = await collect(importer, [us(), eu()], context('America/New_York'));
    const b = await collect(importer, [us(), eu()], context('America/New_York'));
    expect(b.samples).toEqual(a.samples);
    expect(new Set(a.samples.map((s) => s.originId)).size).toBe(a.samples.length);
  });

  it('warns when "Generated by" is someone else', async () => {
    expect((await collect(importer, [us()], context('UTC'))).warnings).toEqual([]);
    const other = await collect(importer, [us()], context('UTC', 'Ada Lovelace'));
    expect(other.warnings).toEqual([expect.stringContaining('Ben Carter')]);
  });

  it('throws ImportFormatError for a cut-off file after yielding the rows before', async () => {
    const text = fixture('libreview-us-mgdl.csv').toString('utf8').replace('Exercise', '"Exercise');
    const out = await collect(importer, [fileFromBuffer('cut.csv', text)], context('America/New_York'));
    expect(out.error).toBeInstanceOf(ImportFormatError);
    expect(out.samples).toHaveLength(5);
  });

  it('detects LibreView exports by their header, and nothing else', async () => {
    expect(await importer.detect([us()])).toBeGreaterThanOrEqual(0.9);
    const untitled = fixture('libreview-eu-mmol.csv').toString('utf8').split('\r\n').slice(1).join('\n');
    expect(await importer.detect([fileFromBuffer('g.csv', untitled)])).toBeGreaterThanOrEqual(0.9);
    const others = formatFixtures(CGM_AND_WEARABLE_FOLDERS.filter((f) => f !== 'libreview'));
    for (const file of [...others, randomText]) expect(await importer.detect([file]), file.name).toBe(0);
  });
});
