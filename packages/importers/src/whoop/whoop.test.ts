import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import {
  CGM_AND_WEARABLE_FOLDERS,
  collect,
  context,
  formatFixtures,
  randomText,
  unaccounted,
} from '../shared/test-support';
import { fileFromBuffer } from '../files/memory-file';
import { openUpload } from '../files/open-upload';
import { ImportFormatError } from '../types';
import { whoopImporter as importer } from './index';
import { cycleZone } from './zone';

const TABLES = ['physiological_cycles.csv', 'sleeps.csv', 'workouts.csv', 'journal_entries.csv'];
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));
const entries = (names = TABLES) =>
  names.map((n) => fileFromBuffer(`my_whoop_data_2024_03_12/${n}`, fixture(n)));
const iso = (ms: number | undefined) => new Date(ms!).toISOString();
const ADA = context('America/New_York', 'Ada Lovelace');

describe('WHOOP import', () => {
  it('reads recovery measures over the sleep that opens each cycle, at the cycle offset', async () => {
    const out = await collect(importer, entries(), ADA);
    expect(out.error).toBeUndefined();
    const cycle = out.samples.filter((s) => s.originId === 'cycle:2024-03-09 23:10:00');
    expect(cycle.map((s) => [s.kind, s.value, s.unit])).toEqual([
      ['resting_heart_rate', 57, '/min'],
      ['heart_rate_variability', 51, 'ms'],
      ['oxygen_saturation', 96.2, '%'],
      ['custom', 33.4, 'Cel'],
      ['calories', 2710, 'kcal'],
    ]);
    expect(cycle[3]!.meta).toEqual({ name: 'Skin temperature' });
    expect([iso(cycle[0]!.start), iso(cycle[0]!.end), cycle[0]!.utcOffsetMin]).toEqual([
      '2024-03-10T04:10:00.000Z',
      '2024-03-10T11:40:00.000Z',
      -300,
    ]);
    // The next cycle, after the DST change, is written at UTC-04:00.
    const next = out.samples.find(
      (s) => s.originId === 'cycle:2024-03-10 23:20:00' && s.kind === 'calories',
    )!;
    expect([iso(next.start), iso(next.end), next.utcOffsetMin]).toEqual([
      '2024-03-11T03:20:00.000Z',
      '2024-03-12T03:05:12.000Z',
      -240,
    ]);
    // The cycle under way has no end, so no calorie total yet; "UTCZ" is UTC.
    expect(out.samples.some((s) => s.originId === 'cycle:2024-03-11 23:05:12' && s.kind === 'calories')).toBe(
      false,
    );
    const utc = out.samples.find((s) => s.originId === 'cycle:2024-02-01 06:00:00')!;
    expect([iso(utc.start), utc.utcOffsetMin]).toEqual(['2024-02-01T06:00:00.000Z', 0]);
  });

  it('takes sleep from sleeps.csv, naps included, and workouts with their totals', async () => {
    const out = await collect(importer, entries(), ADA);
    const sleep = out.samples.filter((s) => s.kind === 'sleep_duration');
    expect(sleep.map((s) => [s.value, s.unit, s.originId])).toEqual([
      [421, 'min', 'sleep:2024-03-11 23:05:12'],
      [26, 'min', 'sleep:2024-03-11 14:10:00'],
      [402, 'min', 'sleep:2024-03-10 23:20:00'],
      [380, 'min', 'sleep:2024-03-09 23:10:00'],
    ]);
    expect(sleep[1]!.meta).toEqual({ provenance: { nap: true } });
    expect(out.samples.filter((s) => s.kind === 'respiratory_rate')).toHaveLength(4);
    const workouts = out.samples.filter((s) => s.kind === 'workout');
    expect(workouts.map((s) => [s.value, iso(s.start), s.meta?.workout])).toEqual([
      [
        45,
        '2024-03-11T21:30:00.000Z',
        { activity: 'Running', energyKcal: 512, avgHeartRate: 152, distanceM: 8120 },
      ],
      [60, '2024-03-10T14:00:00.000Z', { activity: 'Yoga, Hot', energyKcal: 240, avgHeartRate: 104 }],
    ]);
    expect(out.samples).toHaveLength(17 + 8 + 2);
    // Readings, not rows: 27 samples, 2 rows refused whole, 114 filled cells not kept.
    expect(out.records).toBe(143);
  });

  it('skips every filled cell it does not keep under its column name, and each journal answer', async () => {
    const out = await collect(importer, entries(), ADA);
    expect(out.skippedCount).toBe(114);
    const skipped = (type: string) => out.skipped.get(type);
    expect(skipped('Recovery score %')).toEqual({
      type: 'Recovery score %',
      count: 4,
      reason: expect.stringContaining('WHOOP score'),
    });
    // The cycles' sleep columns: sleeps.csv holds the same nights.
    expect(skipped('Asleep duration (min)')).toMatchObject({
      count: 4,
      reason: expect.stringContaining('sleeps.csv'),
    });
    expect(skipped('REM duration (min)')).toMatchObject({
      count: 8,
      reason: expect.stringContaining('stages'),
    });
    expect(skipped('HR Zone 3 %')).toMatchObject({ count: 2 });
    expect(skipped('Journal entry (journal_entries.csv)')).toMatchObject({ count: 1 });
    // Kept in the workout's meta, so part of that one reading.
    expect(skipped('Average HR (bpm)')).toMatchObject({ count: 3, reason: expect.stringContaining('cycle') });
    expect(skipped('Distance (meters)')).toBeUndefined();
  });

  it('skips the energy of the cycle under way, which is still partial', async () => {
    const text = fixture('physiological_cycles.csv')
      .toString('utf8')
      .replace('96.8,,,,,', '96.8,3.1,450,140,70,');
    const out = await collect(importer, [fileFromBuffer('physiological_cycles.csv', text)], ADA);
    expect(out.skipped.get('Energy burned (cal)')).toMatchObject({
      count: 1,
      reason: expect.stringContaining('partial'),
    });
    expect(unaccounted(out)).toBe(0);
  });

  it('accounts for every reading, whichever tables the upload holds', async () => {
    for (const names of [TABLES, ...TABLES.map((t) => [t])]) {
      const out = await collect(importer, entries(names), ADA);
      expect(out.error, names.join()).toBeUndefined();
      expect(unaccounted(out), names.join()).toBe(0);
    }
    const cyclesAlone = await collect(importer, entries(['physiological_cycles.csv']), ADA);
    expect(cyclesAlone.skipped.get('Asleep duration (min)')).toBeUndefined();
  });

  it('takes sleep from the cycles when sleeps.csv is missing, under the same origins', async () => {
    const out = await collect(importer, entries(['physiological_cycles.csv']), ADA);
    expect(out.samples.filter((s) => s.kind === 'sleep_duration').map((s) => s.originId)).toEqual([
      'sleep:2024-03-11 23:05:12',
      'sleep:2024-03-10 23:20:00',
      'sleep:2024-03-09 23:10:00',
      'sleep:2024-02-01 06:00:00',
    ]);
  });

  it('reports bad rows as issues and gives the same samples every run', async () => {
    const a = await collect(importer, entries(), ADA);
    expect(a.issues).toEqual([
      expect.objectContaining({ file: 'my_whoop_data_2024_03_12/physiological_cycles.csv', line: 5 }),
      expect.objectContaining({ file: 'my_whoop_data_2024_03_12/sleeps.csv', line: 6 }),
    ]);
    expect((await collect(importer, entries(), ADA)).samples).toEqual(a.samples);
  });

  it('reads the cycle timezone forms WHOOP writes', () => {
    expect(cycleZone('UTC-05:00')).toEqual({ offsetMin: -300 });
    expect(cycleZone('UTC+05:30')).toEqual({ offsetMin: 330 });
    expect(cycleZone('UTCZ')).toEqual({ offsetMin: 0 });
    expect(cycleZone('America/Chicago')).toEqual({ zone: 'America/Chicago' });
    expect(cycleZone('somewhere')).toBeUndefined();
  });

  it('throws ImportFormatError for a cut-off file after the rows before it', async () => {
    const cut = fixture('workouts.csv').toString('utf8').replace('"Yoga, Hot",6.1', '"Yoga, Hot,6.1');
    const files = [
      fileFromBuffer('w/physiological_cycles.csv', fixture('physiological_cycles.csv')),
      fileFromBuffer('w/workouts.csv', cut),
    ];
    const out = await collect(importer, files, ADA);
    expect(out.error).toBeInstanceOf(ImportFormatError);
    expect(out.samples.filter((s) => s.kind === 'workout')).toHaveLength(1);
  });

  it('reads a real export zip through openUpload', async () => {
    const zip = new yazl.ZipFile();
    for (const name of TABLES) zip.addBuffer(fixture(name), `my_whoop_data_2024_03_12/${name}`);
    zip.end();
    const parts: Buffer[] = [];
    for await (const part of zip.outputStream) parts.push(part as Buffer);
    const dir = mkdtempSync(join(tmpdir(), 'whoop-'));
    const path = join(dir, 'whoop.zip');
    writeFileSync(path, Buffer.concat(parts));
    const upload = await openUpload(path, 'whoop.zip', Buffer.concat(parts).length);
    try {
      expect(await importer.detect(upload.files)).toBeGreaterThanOrEqual(0.9);
      const out = await collect(importer, upload.files, ADA);
      expect(out.error).toBeUndefined();
      expect(out.samples).toHaveLength(27);
    } finally {
      upload.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('detects its tables by header, and not the other formats', async () => {
    for (const file of entries()) expect(await importer.detect([file])).toBeGreaterThanOrEqual(0.9);
    const others = formatFixtures(CGM_AND_WEARABLE_FOLDERS.filter((f) => f !== 'whoop'));
    for (const file of [...others, randomText]) expect(await importer.detect([file]), file.name).toBe(0);
  });
});
