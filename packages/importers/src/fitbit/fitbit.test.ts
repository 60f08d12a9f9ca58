import { join } from 'node:path';
import { toCanonical } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { ImportFormatError, type ImportContext } from '../types';
import { collect, fixtureFiles, unaccounted } from '../shared/test-support';
import { fitbitImporter } from './index';

const context: ImportContext = {
  owner: { name: 'Ada Example', email: 'ada@example.com' },
  timeZone: 'America/New_York',
};
const files = fixtureFiles(join(__dirname, 'fixtures'));

async function readAll() {
  const out = await collect(fitbitImporter.read(files, context));
  expect(out.error).toBeUndefined();
  expect(unaccounted(out)).toBe(0);
  return out;
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('fitbit read', () => {
  it('reads every file of the fixture export into the right kinds', async () => {
    const { samples, records } = await readAll();
    const kinds = new Map<string, number>();
    for (const s of samples) kinds.set(s.kind, (kinds.get(s.kind) ?? 0) + 1);
    expect(Object.fromEntries(kinds)).toEqual({
      calories: 1,
      distance: 1,
      heart_rate: 3,
      resting_heart_rate: 3,
      sleep_duration: 1,
      steps: 6,
      weight: 2,
      bmi: 2,
      body_fat: 1,
    });
    // Readings, not file records: a slice of a minute series is one (its minutes are summed into it).
    // 20 samples, 3 records refused, a resting heart rate of 0 and 5 figures of the sleep log not kept.
    expect(records).toBe(29);
    expect(samples.every((s) => s.source === 'fitbit')).toBe(true);
    for (const s of samples) expect(() => toCanonical(s.kind, s.value, s.unit)).not.toThrow();
  });

  it('sums minute steps into 15-minute slices across the spring-forward jump', async () => {
    const steps = (await readAll()).samples.filter((s) => s.kind === 'steps');
    const json = steps.filter(
      (s) => s.originId?.startsWith('steps:2024-03-0') || s.originId?.startsWith('steps:2024-03-10'),
    );
    expect(json.map((s) => [iso(s.start), iso(s.end!), s.value, s.utcOffsetMin])).toEqual([
      ['2024-03-09T13:00:00.000Z', '2024-03-09T13:15:00.000Z', 50, -300],
      ['2024-03-09T13:15:00.000Z', '2024-03-09T13:30:00.000Z', 101, -300],
      // 01:59 EST is 06:59Z; 03:00 EDT, the next wall minute that exists, is 07:00Z.
      ['2024-03-10T06:45:00.000Z', '2024-03-10T07:00:00.000Z', 40, -300],
      ['2024-03-10T07:00:00.000Z', '2024-03-10T07:15:00.000Z', 30, -240],
    ]);
    expect(steps.every((s) => s.unit === '{count}' && s.tz === 'America/New_York')).toBe(true);
  });

  it('averages heart rate per minute', async () => {
    const hr = (await readAll()).samples.filter((s) => s.kind === 'heart_rate');
    expect(hr.map((s) => [iso(s.start), s.value, s.unit])).toEqual([
      ['2024-03-10T06:59:00.000Z', 60, '/min'],
      ['2024-03-10T07:00:00.000Z', 70, '/min'],
      ['2024-03-10T13:30:00.000Z', 96, '/min'],
    ]);
  });

  it('keeps distance in centimetres and calories in kcal, as the JSON writes them', async () => {
    const { samples } = await readAll();
    const distance = samples.find((s) => s.kind === 'distance')!;
    expect([distance.value, distance.unit]).toEqual([4000, 'cm']);
    expect(toCanonical('distance', distance.value, distance.unit)).toEqual({ value: 40, unit: 'm' });
    expect(samples.find((s) => s.kind === 'calories')).toMatchObject({ value: 6, unit: 'kcal' });
  });

  it('gives resting heart rate the local day, skipping the 0 Fitbit writes for no estimate', async () => {
    const rhr = (await readAll()).samples.filter((s) => s.kind === 'resting_heart_rate');
    expect(rhr.map((s) => [s.originId, iso(s.start), (s.end! - s.start) / 3_600_000, s.value])).toEqual([
      ['resting_heart_rate:2024-03-09', '2024-03-09T05:00:00.000Z', 24, 57.84],
      ['resting_heart_rate:2024-03-10', '2024-03-10T05:00:00.000Z', 23, 58.12],
      ['resting_heart_rate:2024-03-11', '2024-03-11T04:00:00.000Z', 24, 59],
    ]);
  });

  it('reads a sleep log with its logId and stage minutes', async () => {
    const { samples, issues } = await readAll();
    const sleep = samples.find((s) => s.kind === 'sleep_duration')!;
    expect(sleep).toMatchObject({ originId: '45012345678', value: 361, unit: 'min', utcOffsetMin: -300 });
    expect([iso(sleep.start), iso(sleep.end!)]).toEqual([
      '2024-03-10T04:10:00.000Z',
      '2024-03-10T11:05:30.000Z',
    ]);
    expect(sleep.meta?.provenance).toMatchObject({
      deepMin: 62,
      remMin: 84,
      lightMin: 215,
      wakeMin: 54,
      mainSleep: true,
    });
    expect(issues).toContainEqual(
      expect.objectContaining({ file: expect.stringContaining('sleep-2024-03-10.json'), record: 1 }),
    );
  });

  it('reads weights in pounds when their BMI says so, with BMI and body fat', async () => {
    const { samples } = await readAll();
    const weights = samples.filter((s) => s.originId === '1709282400000');
    expect(weights.map((s) => [s.kind, s.value, s.unit])).toEqual([
      ['weight', 154.3, '[lb_av]'],
      ['bmi', 23.46, 'kg/m2'],
      ['body_fat', 21.5, '%'],
    ]);
    expect(weights[0]).toMatchObject({ device: 'Aria', utcOffsetMin: -300 });
    expect(iso(weights[0]!.start)).toBe('2024-03-01T12:20:00.000Z');
    expect(samples.find((s) => s.originId === '1709886000000')?.device).toBeUndefined();
  });

  it('reads the newer time-series CSVs, whose timestamps carry their own zone', async () => {
    const steps = (await readAll()).samples.filter((s) => s.originId?.startsWith('steps:2024-03-11'));
    expect(steps.map((s) => [iso(s.start), s.value, s.unit, s.utcOffsetMin])).toEqual([
      ['2024-03-11T12:00:00.000Z', 100, '{count}', -240],
      ['2024-03-11T12:15:00.000Z', 15, '{count}', -240],
    ]);
  });

  it('reports bad records as issues and goes on', async () => {
    const { issues } = await readAll();
    expect(issues).toContainEqual({
      file: 'Takeout/Fitbit/Global Export Data/steps-2024-03-09.json',
      record: 7,
      message: 'value "abc" is not a number',
    });
    expect(issues).toContainEqual(
      expect.objectContaining({ file: expect.stringContaining('daily_resting_heart_rate'), line: 3 }),
    );
    expect(issues).toHaveLength(3);
  });

  it('yields the same samples with the same originIds on every run', async () => {
    const first = (await readAll()).samples;
    const second = (await readAll()).samples;
    expect(second).toEqual(first);
    const keys = first.map((s) => `${s.kind}|${s.start}|${s.end}|${s.originId}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('falls back to Profile.csv, then to kg with a warning, when a weight has no BMI', async () => {
    const weight = (unitLine?: string) => {
      const list = [
        fileFromBuffer(
          'Global Export Data/weight-2024-03-01.json',
          '[{"logId":1,"weight":154.3,"date":"03/01/24","time":"07:20:00","bmi":0}]',
        ),
      ];
      if (unitLine)
        list.push(fileFromBuffer('Personal & Account/Profile.csv', `id,weight_unit\nX,${unitLine}\n`));
      return collect(fitbitImporter.read(list, context));
    };
    const pounds = await weight('POUND');
    expect(pounds.chunks[0]!.samples[0]!.unit).toBe('[lb_av]');
    const unknown = await weight();
    expect(unknown.chunks[0]!.samples[0]!.unit).toBe('kg');
    expect(unknown.chunks[0]!.warnings?.[0]).toMatch(/read as kg/);
  });

  it('yields what it read, then throws ImportFormatError, for a file cut off mid-record', async () => {
    const text =
      '[{"dateTime":"03/09/24 08:00:00","value":"12"},{"dateTime":"03/09/24 08:20:00","value":"7"},{"dateTime":"03/09/24 08:';
    const { chunks, error } = await collect(
      fitbitImporter.read([fileFromBuffer('Global Export Data/steps-2024-03-09.json', text, 16)], context),
    );
    expect(chunks.flatMap((c) => c.samples).map((s) => s.value)).toEqual([12, 7]);
    expect(error).toBeInstanceOf(ImportFormatError);
    expect((error as ImportFormatError).where).toEqual({
      file: 'Global Export Data/steps-2024-03-09.json',
      record: 2,
    });
  });

  it("skips what it does not keep, with why: a sleep log's other figures, a day without an estimate", async () => {
    const { skipped } = await readAll();
    expect(skipped.get('resting_heart_rate')).toMatchObject({
      count: 1,
      reason: expect.stringContaining('estimate'),
    });
    expect(skipped.get('efficiency')).toMatchObject({ count: 1 });
    expect(skipped.get('levels.data')).toMatchObject({
      count: 1,
      reason: expect.stringContaining('timeline'),
    });
    // An empty stage list is not a reading.
    expect(skipped.has('levels.shortData')).toBe(false);
  });

  it('skips a 15-minute slice of 0 steps, and accounts for every file alone', async () => {
    const steps = fileFromBuffer(
      'Global Export Data/steps-2024-01-01.json',
      '[{"dateTime":"01/01/24 07:00:00","value":"0"},{"dateTime":"01/01/24 07:01:00","value":"0"},' +
        '{"dateTime":"01/01/24 07:15:00","value":"12"}]',
    );
    const out = await collect(fitbitImporter.read([steps], context));
    expect(out.samples.map((s) => s.value)).toEqual([12]);
    expect([...out.skipped.values()]).toEqual([
      { type: 'steps', count: 1, reason: expect.stringContaining('worn or not') },
    ]);
    expect([out.records, unaccounted(out)]).toEqual([2, 0]);
    for (const file of files) {
      const alone = await collect(fitbitImporter.read([file], context));
      expect(unaccounted(alone), file.name).toBe(0);
    }
  });

  it('yields chunks of at most 2000 samples', async () => {
    const records: string[] = [];
    for (let day = 1; day <= 31; day++) {
      for (let q = 0; q < 96; q++) {
        const h = String(Math.floor(q / 4)).padStart(2, '0');
        const m = String((q % 4) * 15).padStart(2, '0');
        records.push(`{"dateTime":"01/${String(day).padStart(2, '0')}/24 ${h}:${m}:00","value":"3"}`);
      }
    }
    const big = fileFromBuffer('Global Export Data/steps-2024-01-01.json', `[${records.join(',')}]`);
    const { chunks } = await collect(fitbitImporter.read([big], context));
    expect(chunks.map((c) => c.samples.length)).toEqual([2000, 976]);
    expect(chunks.reduce((n, c) => n + c.records, 0)).toBe(2976);
  });
});
