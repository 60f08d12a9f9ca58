import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CGM_AND_WEARABLE_FOLDERS,
  collect,
  context,
  formatFixtures,
  randomText,
  unaccounted,
} from '../shared/test-support';
import { fileFromBuffer } from '../files/memory-file';
import { ImportFormatError } from '../types';
import { eightSleepImporter as importer } from './index';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));
/** The export zip's entries: the sessions, the profile and Eight Sleep's README. */
const exportEntries = () => [
  fileFromBuffer('README.md', '# Exported data\n\nThere are two JSON files included in the export.\n'),
  fileFromBuffer('user_profile.json', fixture('user_profile.json')),
  fileFromBuffer('sleep_nights.json', fixture('sleep_nights.json')),
];
const iso = (ms: number | undefined) => new Date(ms!).toISOString();
const NY = context('America/New_York', 'Ada Lovelace');

describe('Eight Sleep import', () => {
  it('maps each session to asleep time and the night means of heart rate, HRV and breathing', async () => {
    const out = await collect(importer, exportEntries(), NY);
    expect(out.error).toBeUndefined();
    expect(out.samples.map((s) => [s.originId, s.kind, s.value, s.unit])).toEqual([
      ['1710045000', 'sleep_duration', 360, 'min'],
      ['1710045000', 'heart_rate', 55, '/min'],
      ['1710045000', 'heart_rate_variability', 50.7, 'ms'],
      ['1710045000', 'respiratory_rate', 14.1, '/min'],
      ['1710128700', 'sleep_duration', 330, 'min'],
      ['1710128700', 'heart_rate', 58, '/min'],
      ['1710128700', 'respiratory_rate', 14.8, '/min'],
    ]);
    expect(out.samples.every((s) => s.source === 'eight_sleep' && s.tz === 'America/New_York')).toBe(true);
    // Readings, not sessions: 7 samples, the session without ts, and 3 series not kept.
    expect(out.records).toBe(11);
  });

  it('skips the series it does not keep, one reading a session each, with why', async () => {
    const out = await collect(importer, exportEntries(), NY);
    expect([...out.skipped.values()]).toEqual([
      { type: 'timeseries.tnt', count: 1, reason: 'tosses and turns are not kept' },
      { type: 'timeseries.tempRoomC', count: 1, reason: expect.stringContaining('room') },
      { type: 'timeseries.tempBedC', count: 1, reason: expect.stringContaining('bed') },
    ]);
    expect(unaccounted(out)).toBe(0);
  });

  it('accounts for a night without sleep, a series without numbers and a field it does not read', async () => {
    const sessions = [
      {
        ts: 1710045000,
        score: 81,
        stages: [{ stage: 'awake', duration: 600 }],
        timeseries: { heartRate: [['2024-03-10T05:00:00Z', null]], hrv: [] },
      },
    ];
    const file = fileFromBuffer('sleep_nights.json', JSON.stringify({ sessions }));
    const out = await collect(importer, [file], NY);
    expect(out.samples).toEqual([]);
    expect(out.issues.map((i) => i.message)).toEqual(['timeseries.heartRate has no [time, number] points']);
    expect([...out.skipped.keys()]).toEqual(['stages', 'score']);
    expect([out.records, unaccounted(out)]).toEqual([3, 0]);
  });

  it('spans the session from ts to its last stage in bed, across the DST night', async () => {
    const out = await collect(importer, exportEntries(), NY);
    // 23:30 EST to 06:55 EDT: 6 h 25 min of real time in bed; the trailing "out" stage is left off.
    expect([iso(out.samples[0]!.start), iso(out.samples[0]!.end)]).toEqual([
      '2024-03-10T04:30:00.000Z',
      '2024-03-10T10:55:00.000Z',
    ]);
  });

  it('reports a session without ts as an issue and reads the same every run', async () => {
    const a = await collect(importer, exportEntries(), NY);
    expect(a.issues).toEqual([
      { message: 'Sleep session has no "ts"', file: 'sleep_nights.json', record: 2 },
    ]);
    expect((await collect(importer, exportEntries(), NY)).samples).toEqual(a.samples);
  });

  it('throws ImportFormatError for a cut-off file after the sessions before it', async () => {
    const text = fixture('sleep_nights.json').toString('utf8');
    const cut = text.slice(0, text.indexOf('"ts": 1710128700') + 10);
    const out = await collect(importer, [fileFromBuffer('sleep_nights.json', cut)], NY);
    expect(out.error).toBeInstanceOf(ImportFormatError);
    expect(out.samples.map((s) => s.originId)).toEqual(Array(4).fill('1710045000'));
  });

  it('detects sleep_nights.json by content, and not the other formats', async () => {
    expect(await importer.detect(exportEntries())).toBeGreaterThanOrEqual(0.9);
    expect(await importer.detect([fileFromBuffer('user_profile.json', fixture('user_profile.json'))])).toBe(
      0,
    );
    const others = formatFixtures(CGM_AND_WEARABLE_FOLDERS.filter((f) => f !== 'eight-sleep'));
    for (const file of [...others, randomText]) expect(await importer.detect([file]), file.name).toBe(0);
  });
});
