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
import { ouraImporter as importer } from './index';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));
const APP_DATA = [
  'sleepmodel.csv',
  'dailyactivity.csv',
  'dailyspo2.csv',
  'heartrate.csv',
  'dailyreadiness.csv',
];
/** The membership hub's zip as its entries: `App Data/*.csv` under a top folder. */
const appData = () => APP_DATA.map((n) => fileFromBuffer(`oura_export/App Data/${n}`, fixture(n)));
const iso = (ms: number | undefined) => new Date(ms!).toISOString();
const NY = context('America/New_York');

describe('Oura import: App Data CSVs', () => {
  it('maps the main night to sleep, resting HR, HRV and breathing; naps to sleep only', async () => {
    const out = await collect(importer, appData(), NY);
    expect(out.error).toBeUndefined();
    const night = out.samples.filter((s) => s.originId === 'a1f0c3d2-5e1b-4c7a-9d11-0c2b6f3e8a01');
    expect(night.map((s) => [s.kind, s.value, s.unit])).toEqual([
      ['sleep_duration', 24000, 's'],
      ['resting_heart_rate', 48, '/min'],
      ['heart_rate_variability', 57, 'ms'],
      ['respiratory_rate', 14.875, '/min'],
    ]);
    // Bedtime in EST, wake-up in EDT: the night of the spring DST jump.
    expect([iso(night[0]!.start), iso(night[0]!.end), night[0]!.utcOffsetMin]).toEqual([
      '2024-03-10T04:10:00.000Z',
      '2024-03-10T11:20:00.000Z',
      -240,
    ]);
    const nap = out.samples.filter((s) => s.originId === 'b7e2d4c9-0a6f-4b3e-8c55-7d1e2f4a9b02');
    expect(nap.map((s) => [s.kind, s.value])).toEqual([['sleep_duration', 2100]]);
    expect(out.samples.some((s) => s.originId?.startsWith('c3d9'))).toBe(false);
  });

  it('puts daily totals on the local day, 23 hours on the DST day, and at the travel offset', async () => {
    const out = await collect(importer, appData(), NY);
    const day = out.samples.filter((s) => s.originId === 'e1c2b3a4-d5e6-4f70-8a91-b2c3d4e5f601');
    expect(day.map((s) => [s.kind, s.value, s.unit])).toEqual([
      ['steps', 9876, '{count}'],
      ['active_calories_burned', 420, 'kcal'],
      ['calories', 2410, 'kcal'],
    ]);
    expect([iso(day[0]!.start), iso(day[0]!.end), day[0]!.tz]).toEqual([
      '2024-03-10T05:00:00.000Z',
      '2024-03-11T04:00:00.000Z',
      'America/New_York',
    ]);
    const abroad = out.samples.find((s) => s.originId === 'f2d3c4b5-e6f7-4081-9b02-c3d4e5f6a702')!;
    expect([iso(abroad.start), iso(abroad.end), abroad.utcOffsetMin]).toEqual([
      '2024-03-11T23:00:00.000Z',
      '2024-03-12T23:00:00.000Z',
      60,
    ]);
    const spo2 = out.samples.filter((s) => s.kind === 'oxygen_saturation');
    expect(spo2.map((s) => [s.value, s.unit])).toEqual([[97.25, '%']]);
  });

  it('reads heart-rate points, keeps two sources at one instant apart, and counts every record', async () => {
    const out = await collect(importer, appData(), NY);
    const hr = out.samples.filter((s) => s.kind === 'heart_rate');
    expect(hr.map((s) => [s.value, s.originId])).toEqual([
      [72, 'awake@2024-03-10T12:00:00.000Z'],
      [75, 'awake@2024-03-10T12:05:00.000Z'],
      [118, 'workout@2024-03-10T12:05:00.000Z'],
    ]);
    expect(hr[0]).toMatchObject({ tz: 'America/New_York', source: 'oura' });
    expect(hr[0]!.utcOffsetMin).toBeUndefined();
    // dailyreadiness.csv holds only scores: it is not opened. Readings, not rows: 15 samples, 2 rows
    // refused, and 68 filled fields not kept (stages, series, scores, targets, a nap's heart rate …).
    expect(out.records).toBe(15 + 2 + 68);
    expect(out.samples).toHaveLength(15);
  });

  it('reports bad rows as issues with file and line', async () => {
    const out = await collect(importer, appData(), NY);
    expect(out.issues).toEqual([
      expect.objectContaining({ file: 'oura_export/App Data/sleepmodel.csv', line: 5 }),
      expect.objectContaining({ file: 'oura_export/App Data/heartrate.csv', line: 5 }),
    ]);
  });

  it('hands a long heart-rate file on in chunks of at most 2000 samples', async () => {
    const rows = Array.from(
      { length: 4500 },
      (_, i) => `${new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString()};${60 + (i % 30)};awake`,
    );
    const file = fileFromBuffer('App Data/heartrate.csv', ['timestamp;bpm;source', ...rows].join('\n'));
    const sizes: number[] = [];
    for await (const chunk of importer.read([file], NY)) sizes.push(chunk.samples.length);
    expect(sizes).toEqual([2000, 2000, 500]);
  });

  it('yields the same samples on every run', async () => {
    const a = await collect(importer, appData(), NY);
    const b = await collect(importer, appData(), NY);
    expect(b.samples).toEqual(a.samples);
  });
});

describe('Oura import: accounting', () => {
  it('skips what it does not keep by field name, with why', async () => {
    const out = await collect(importer, appData(), NY);
    const skipped = (type: string) => out.skipped.get(type);
    expect(skipped('deep_sleep_duration')).toMatchObject({
      count: 2,
      reason: expect.stringContaining('stages'),
    });
    expect(skipped('score')).toMatchObject({ count: 2, reason: expect.stringContaining('score') });
    expect(skipped('breathing_disturbance_index')).toMatchObject({ count: 1 });
    // The nap's heart rate, HRV and breathing: kept for the main night only.
    expect(skipped('lowest_heart_rate')).toMatchObject({
      count: 1,
      reason: expect.stringContaining('main night'),
    });
    expect(skipped('sleep period (deleted)')).toMatchObject({ count: 1 });
    // Fields that place a record are not readings.
    expect(skipped('bedtime_start')).toBeUndefined();
    expect(skipped('timestamp')).toBeUndefined();
  });

  it('accounts for every reading of every fixture, and says so of a field that is no number', async () => {
    for (const name of [...APP_DATA, 'oura-api-v2.json', 'oura_2020-03-05_trends.csv']) {
      const out = await collect(importer, [fileFromBuffer(`App Data/${name}`, fixture(name))], NY);
      expect(unaccounted(out), name).toBe(0);
    }
    const doc = JSON.stringify({
      data: [{ id: 'a', day: '2024-06-02', steps: 'many', active_calories: 300 }],
    });
    const out = await collect(importer, [fileFromBuffer('activity.json', doc)], NY);
    expect(out.issues.map((i) => i.message)).toEqual(['steps "many" is not a number']);
    expect([out.records, unaccounted(out)]).toEqual([2, 0]);
  });

  it('skips the trends columns it does not read, scores among them', async () => {
    const file = fileFromBuffer('oura_2020-03-05_trends.csv', fixture('oura_2020-03-05_trends.csv'));
    const out = await collect(importer, [file], context('America/Los_Angeles'));
    expect(out.skipped.get('Readiness Score')).toMatchObject({
      count: 1,
      reason: expect.stringContaining('score'),
    });
    expect(out.skipped.get('Activity Score')).toMatchObject({ count: 2 });
    expect(out.skipped.has('Steps')).toBe(false);
  });
});

describe('Oura import: API v2 JSON and trends CSV', () => {
  it('reads a document keyed by data type', async () => {
    const out = await collect(
      importer,
      [fileFromBuffer('oura.json', fixture('oura-api-v2.json'))],
      context('Europe/Berlin'),
    );
    expect(out.samples.map((s) => [s.kind, s.value])).toEqual([
      ['sleep_duration', 26700],
      ['resting_heart_rate', 47],
      ['heart_rate_variability', 63],
      ['respiratory_rate', 15.125],
      ['steps', 11020],
      ['active_calories_burned', 512],
      ['calories', 2555],
      ['oxygen_saturation', 96.8],
      ['heart_rate', 61],
    ]);
    expect(iso(out.samples[4]!.start)).toBe('2024-06-01T22:00:00.000Z');
    // 9 samples, 7 fields of the night not kept, and the readiness record.
    expect(out.records).toBe(17);
    expect(out.skipped.get('daily_readiness')).toMatchObject({
      count: 1,
      reason: expect.stringContaining('scores'),
    });
  });

  it('reads {"data": […]} and throws ImportFormatError after the records before a cut', async () => {
    const doc = JSON.stringify({
      data: [
        { bpm: 60, source: 'rest', timestamp: '2024-06-02T08:00:00+00:00' },
        { bpm: 62, source: 'rest', timestamp: '2024-06-02T08:05:00+00:00' },
      ],
      next_token: null,
    });
    const whole = await collect(importer, [fileFromBuffer('hr.json', doc)], NY);
    expect(whole.samples.map((s) => s.value)).toEqual([60, 62]);
    const cut = await collect(
      importer,
      [fileFromBuffer('hr.json', doc.slice(0, doc.indexOf('"bpm":62') + 5))],
      NY,
    );
    expect(cut.error).toBeInstanceOf(ImportFormatError);
    expect((cut.error as ImportFormatError).where).toEqual({ file: 'hr.json', record: 1 });
    expect(cut.samples.map((s) => s.value)).toEqual([60]);
  });

  it('reads the older trends CSV: the night from its bedtimes, the day totals on the date', async () => {
    const file = fileFromBuffer('oura_2020-03-05_trends.csv', fixture('oura_2020-03-05_trends.csv'));
    const out = await collect(importer, [file], context('America/Los_Angeles'));
    expect(out.issues).toEqual([]);
    expect(out.samples.map((s) => [s.kind, s.value, s.originId])).toEqual([
      ['sleep_duration', 25200, '2020-03-04:sleep'],
      ['resting_heart_rate', 49, '2020-03-04:sleep'],
      ['heart_rate_variability', 64, '2020-03-04:sleep'],
      ['respiratory_rate', 14.5, '2020-03-04:sleep'],
      ['steps', 8100, '2020-03-04:activity'],
      ['active_calories_burned', 350, '2020-03-04:activity'],
      ['calories', 2600, '2020-03-04:activity'],
      ['steps', 6400, '2020-03-05:activity'],
      ['active_calories_burned', 280, '2020-03-05:activity'],
      ['calories', 2450, '2020-03-05:activity'],
    ]);
    expect([iso(out.samples[0]!.start), out.samples[0]!.utcOffsetMin]).toEqual([
      '2020-03-04T06:30:00.000Z',
      -480,
    ]);
  });

  it('detects its files by content, and not the other formats', async () => {
    expect(await importer.detect(appData())).toBeGreaterThanOrEqual(0.9);
    expect(
      await importer.detect([fileFromBuffer('x.json', fixture('oura-api-v2.json'))]),
    ).toBeGreaterThanOrEqual(0.9);
    expect(
      await importer.detect([fileFromBuffer('t.csv', fixture('oura_2020-03-05_trends.csv'))]),
    ).toBeGreaterThanOrEqual(0.9);
    // Readiness scores alone hold nothing we keep.
    expect(await importer.detect([fileFromBuffer('r.csv', fixture('dailyreadiness.csv'))])).toBe(0);
    const others = formatFixtures(CGM_AND_WEARABLE_FOLDERS.filter((f) => f !== 'oura'));
    for (const file of [...others, randomText]) expect(await importer.detect([file]), file.name).toBe(0);
  });
});
