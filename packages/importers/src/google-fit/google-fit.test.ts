import { join } from 'node:path';
import { toCanonical, type NewSample } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { collect, fixtureFiles, ofKind, unaccounted } from '../shared/test-support';
import { fileFromBuffer } from '../files/memory-file';
import { ImportFormatError, type ImportContext, type ImportFile } from '../types';
import { googleFitImporter } from './index';

const context: ImportContext = {
  owner: { name: 'Ben Example', email: 'ben@example.com' },
  timeZone: 'America/New_York',
};
const takeout = fixtureFiles(join(__dirname, 'fixtures', 'takeout'));
const healthConnect = fixtureFiles(join(__dirname, 'fixtures', 'health-connect'));
const only = (part: string) => takeout.filter((f) => f.name.includes(part));
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
const row = (s: NewSample) => [s.kind, iso(s.start), iso(s.end), s.value, s.unit];
const sum = (samples: NewSample[]) => Math.round(samples.reduce((n, s) => n + s.value, 0) * 1000) / 1000;

/** Reads `files` to the end, asserting it ends without error and accounts for every reading. */
async function readAll(files: ImportFile[]) {
  const out = await collect(googleFitImporter, files, context);
  expect(out.error).toBeUndefined();
  expect(unaccounted(out)).toBe(0);
  return out;
}

const points = (dataSource: string, body: string) =>
  fileFromBuffer(
    `Takeout/Fit/All Data/${dataSource.replace(/:/g, '_')}.json`,
    `{"Data Source": "${dataSource}", "Data Points": [${body}]}`,
  );
const segment = (start: string, end: string, value: string) =>
  `{"fitValue":[{"value":${value}}],"startTimeNanos":${Date.parse(start)}000000,"endTimeNanos":${Date.parse(end)}000000}`;

describe('google-fit read: the whole Takeout', () => {
  it('accounts for every reading: a sample, an issue or a skip with its type and why', async () => {
    const out = await readAll(takeout);
    expect([out.records, out.samples.length, out.issues.length, out.skippedCount]).toEqual([164, 53, 4, 107]);
    expect(out.samples.every((s) => s.source === 'google_health_connect')).toBe(true);
    for (const s of out.samples) expect(() => toCanonical(s.kind, s.value, s.unit)).not.toThrow();
    for (const s of out.skipped.values()) expect(s.reason).not.toBe('');
  });

  it("skips an activity's TCX track as one reading: its session and All Data hold what it does", async () => {
    const out = await readAll(only('Activities/'));
    expect([...out.skipped.values()].map((s) => [s.type, s.count])).toEqual([['Activities (TCX)', 1]]);
    expect(await googleFitImporter.detect(only('Activities/'))).toBe(0);
  });

  it('yields the same samples and originIds on every run, each identity once', async () => {
    const first = (await readAll(takeout)).samples;
    expect((await readAll(takeout)).samples).toEqual(first);
    const keys = first.map((s) => `${s.kind}|${s.start}|${s.end}|${s.originId}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('counts steps once: All Data for the day it holds, the 15-minute rows nowhere it does, the summary elsewhere', async () => {
    const out = await readAll(takeout);
    // 412 + 150 from All Data on March 10; the summary's March 8 and 9.
    expect(sum(ofKind(out.samples, 'steps'))).toBe(412 + 150 + 2890 + 5210);
    expect(out.skipped.get('Step count (also in All Data)')).toEqual({
      type: 'Step count (also in All Data)',
      count: 3,
      reason: "All Data's com.google.step_count.delta holds the same readings, finer, and is read instead",
    });
    expect(out.skipped.get('Daily activity metrics.csv (days with a 15-minute file)')?.count).toBe(22);
  });

  it('keeps the 15-minute rows of kinds All Data does not hold that day', async () => {
    const out = await readAll(takeout);
    const csv = out.samples.filter((s) => s.originId?.startsWith('calories:2024-03-10'));
    expect(csv.map((s) => s.value)).toEqual([17.8, 17.8, 25.1, 17.9, 17.9, 160.4]);
    expect(ofKind(out.samples, 'heart_points').map(row)).toEqual([
      ['heart_points', '2024-03-09T15:00:00.000Z', '2024-03-09T15:01:00.000Z', 1, '{count}'],
      ['heart_points', '2024-03-09T15:01:00.000Z', '2024-03-09T15:02:00.000Z', 2, '{count}'],
      ['heart_points', '2024-03-10T07:00:00.000Z', '2024-03-10T07:15:00.000Z', 3, '{count}'],
      ['heart_points', '2024-03-10T14:30:00.000Z', '2024-03-10T14:45:00.000Z', 28, '{count}'],
      ['heart_points', '2024-03-08T05:00:00.000Z', '2024-03-09T05:00:00.000Z', 45, '{count}'],
    ]);
  });
});

describe('google-fit read: All Data', () => {
  it('reads every type that has a metric, in its unit', async () => {
    const out = await readAll(only('All Data'));
    expect(out.samples.map(row)).toEqual([
      ['exercise_minutes', '2024-03-10T07:00:00.000Z', '2024-03-10T07:01:00.000Z', 1, 'min'],
      ['blood_glucose', '2024-03-10T12:35:00.000Z', undefined, 5.6, 'mmol/L'],
      ['blood_pressure_systolic', '2024-03-10T12:30:00.000Z', undefined, 118, 'mm[Hg]'],
      ['blood_pressure_diastolic', '2024-03-10T12:30:00.000Z', undefined, 76, 'mm[Hg]'],
      ['body_fat', '2024-03-10T11:00:00.000Z', undefined, 21.5, '%'],
      ['body_temperature', '2024-03-10T12:40:00.000Z', undefined, 36.7, 'Cel'],
      ['rmr', '2024-03-09T17:00:00.000Z', undefined, 1650.3, 'kcal/d'],
      ['calories', '2024-03-09T14:00:00.000Z', '2024-03-09T15:00:00.000Z', 96.25, 'kcal'],
      ['distance', '2024-03-10T07:00:00.000Z', '2024-03-10T07:05:00.000Z', 400.125, 'm'],
      ['heart_points', '2024-03-09T15:00:00.000Z', '2024-03-09T15:01:00.000Z', 1, '{count}'],
      ['heart_points', '2024-03-09T15:01:00.000Z', '2024-03-09T15:02:00.000Z', 2, '{count}'],
      ['heart_rate', '2024-03-10T07:00:00.000Z', undefined, 61, '/min'],
      ['resting_heart_rate', '2024-03-10T12:00:00.000Z', undefined, 54, '/min'],
      ['height', '2024-01-02T15:00:00.000Z', undefined, 1.8, 'm'],
      ['hydration', '2024-03-10T13:00:00.000Z', undefined, 0.25, 'L'],
      ['nutrition_calories', '2024-03-10T16:30:00.000Z', undefined, 150, 'kcal'],
      ['nutrition_protein', '2024-03-10T16:30:00.000Z', undefined, 5, 'g'],
      ['nutrition_carbs', '2024-03-10T16:30:00.000Z', undefined, 27, 'g'],
      ['nutrition_fat', '2024-03-10T16:30:00.000Z', undefined, 3, 'g'],
      ['nutrition_calories', '2024-03-10T16:30:00.000Z', undefined, 105, 'kcal'],
      ['oxygen_saturation', '2024-03-10T09:00:00.000Z', undefined, 97, '%'],
      ['sleep_duration', '2024-03-10T03:45:00.000Z', '2024-03-10T05:15:00.000Z', 90, 'min'],
      ['sleep_duration', '2024-03-10T05:15:00.000Z', '2024-03-10T06:15:00.000Z', 60, 'min'],
      ['sleep_duration', '2024-03-10T06:15:00.000Z', '2024-03-10T07:15:00.000Z', 60, 'min'],
      ['sleep_duration', '2024-03-10T07:15:00.000Z', '2024-03-10T10:45:00.000Z', 210, 'min'],
      ['speed', '2024-03-10T14:55:00.000Z', undefined, 2.75, 'm/s'],
      ['steps', '2024-03-10T07:00:00.000Z', '2024-03-10T07:05:00.000Z', 412, '{count}'],
      ['steps', '2024-03-10T14:55:00.000Z', '2024-03-10T15:00:00.000Z', 150, '{count}'],
      ['weight', '2024-03-10T11:00:00.000Z', undefined, 70.19999694824219, 'kg'],
      ['cycling_cadence', '2024-03-09T23:10:00.000Z', undefined, 88, '/min'],
      ['power', '2024-03-09T23:10:00.000Z', undefined, 212.5, 'W'],
    ]);
    expect([out.records, out.issues.length, out.skippedCount]).toEqual([46, 2, 13]);
  });

  it('takes UTC instants with the offset of the account zone at each, across the DST jump', async () => {
    const { samples } = await readAll(only('sleep.segment'));
    expect(samples.map((s) => s.utcOffsetMin)).toEqual([-300, -300, -300, -240]);
    expect(samples.every((s) => s.tz === 'America/New_York')).toBe(true);
  });

  it("reads Google's merged stream of a type and skips its other sources, named by data source", async () => {
    const out = await readAll(only('All Data'));
    expect(
      out.skipped.get('raw:com.google.step_count.delta:com.google.android.apps.fitness:user_input'),
    ).toEqual({
      type: 'raw:com.google.step_count.delta:com.google.android.apps.fitness:user_input',
      count: 1,
      reason:
        "Google's merged stream of com.google.step_count.delta (merge_step_deltas) holds the same readings",
    });
    // Derived from the merge ("…<-merge_heart_minutes") is not the merge.
    expect(
      out.skipped.get(
        'derived:com.google.heart_minutes:com.google.android.gms:bout_filtered_5min<-merge_heart_minutes',
      )?.count,
    ).toBe(1);
    expect(sum(ofKind(out.samples, 'heart_points'))).toBe(3);
  });

  it('reads resting heart rate, a stream derived from the merged heart rate, as resting_heart_rate', async () => {
    const { samples } = await readAll(only('heart_rate.bpm'));
    expect(samples.map((s) => [s.kind, s.value, s.originId, s.device])).toEqual([
      ['heart_rate', 61, 'com.google.heart_rate.bpm:1710054000000:1710054000000', undefined],
      ['resting_heart_rate', 54, 'com.google.heart_rate.bpm:resting:1710072000000:1710072000000', undefined],
    ]);
  });

  it('tells sources without a merged stream apart by device and data source', async () => {
    const { samples } = await readAll(only('Wahoo'));
    expect(samples.map((s) => [s.kind, s.value, s.device, s.originId])).toEqual([
      [
        'cycling_cadence',
        88,
        'Wahoo KICKR',
        'raw:com.google.cycling.pedaling.cadence:com.wahoofitness.bolt:Wahoo:KICKR:4f1c:cadence:1710025800000:1710025800000',
      ],
      [
        'power',
        212.5,
        'Wahoo KICKR',
        'raw:com.google.power.sample:com.wahoofitness.bolt:Wahoo:KICKR:4f1c:power:1710025800000:1710025800000',
      ],
    ]);
  });

  it('keeps sleep stages, skips the awake and out-of-bed ones, and refuses a stage Fit does not define', async () => {
    const out = await readAll(only('sleep.segment'));
    expect(sum(out.samples)).toBe(420);
    expect(out.samples.map((s) => s.meta?.provenance?.stage)).toEqual(['light', 'deep', 'rem', 'light']);
    expect([...out.skipped.values()].map((s) => [s.type, s.count, s.reason])).toEqual([
      ['com.google.sleep.segment: awake', 1, 'time in the night not asleep is not sleep'],
      ['com.google.sleep.segment: out of bed', 1, 'time in the night not asleep is not sleep'],
    ]);
    expect(out.issues).toEqual([
      {
        file: expect.stringContaining('sleep.segment'),
        record: 5,
        message: 'sleep stage 9 is not one Google Fit defines',
      },
    ]);
  });

  it('leaves sleep in activity segments to the sleep stages, and reads it when there are none', async () => {
    const withStages = await readAll(only('segment'));
    expect(withStages.skipped.get('com.google.activity.segment: sleep')?.reason).toBe(
      "the night's sleep is read from com.google.sleep.segment",
    );
    expect(withStages.skipped.get('com.google.activity.segment')?.count).toBe(2);
    const old = points(
      'derived:com.google.activity.segment:com.google.android.gms:merge_activity_segments',
      [
        segment('2024-03-10T03:30:00Z', '2024-03-10T05:00:00Z', '{"intVal":109}'),
        segment('2024-03-10T05:00:00Z', '2024-03-10T05:10:00Z', '{"intVal":112}'),
        segment('2024-03-10T05:10:00Z', '2024-03-10T06:00:00Z', '{"intVal":110}'),
        segment('2024-03-10T06:00:00Z', '2024-03-10T06:30:00Z', '{"intVal":7}'),
      ].join(','),
    );
    const out = await readAll([old]);
    expect(out.samples.map((s) => [s.kind, s.value, s.meta?.provenance?.stage])).toEqual([
      ['sleep_duration', 90, 'light'],
      ['sleep_duration', 50, 'deep'],
    ]);
    expect([...out.skipped.keys()]).toEqual([
      'com.google.activity.segment: sleep.awake',
      'com.google.activity.segment',
    ]);
  });

  it('never stores locations', async () => {
    const out = await readAll(only('location.sample'));
    expect(out.samples).toEqual([]);
    expect(out.skipped.get('com.google.location.sample')).toEqual({
      type: 'com.google.location.sample',
      count: 2,
      reason: 'Locations are never stored: Healthfolio keeps no record of where you were',
    });
  });

  it('reads blood pressure as two readings and a food as one a nutrient, foods of one meal apart', async () => {
    const bp = await readAll(only('blood_pressure'));
    expect(bp.records).toBe(2);
    const food = await readAll(only('nutrition'));
    expect(food.samples.map((s) => [s.kind, s.value, s.originId])).toEqual([
      ['nutrition_calories', 150, 'com.google.nutrition:1710088200000:1710088200000:Oatmeal'],
      ['nutrition_protein', 5, 'com.google.nutrition:1710088200000:1710088200000:Oatmeal'],
      ['nutrition_carbs', 27, 'com.google.nutrition:1710088200000:1710088200000:Oatmeal'],
      ['nutrition_fat', 3, 'com.google.nutrition:1710088200000:1710088200000:Oatmeal'],
      ['nutrition_calories', 105, 'com.google.nutrition:1710088200000:1710088200000:Banana'],
    ]);
    expect(food.skipped.get('com.google.nutrition: sodium')?.reason).toBe(
      'Healthfolio has no metric for this nutrient yet',
    );
  });

  it('skips a type with no metric by its name, never importing it as nothing', async () => {
    const cadence = points(
      'raw:com.google.step_count.cadence:com.google.android.gms:Google:Pixel 7:1a2b3c:cadence',
      [segment('2024-03-10T07:00:00Z', '2024-03-10T07:00:00Z', '{"fpVal":104.5}')].join(','),
    );
    const out = await readAll([cadence, ...only('activity.exercise'), ...only('step_count.cumulative')]);
    expect(out.records).toBe(3);
    expect([...out.skipped.values()].map((s) => [s.type, s.count, s.reason])).toEqual([
      ['com.google.activity.exercise', 1, 'Healthfolio has no metric for sets and repetitions yet'],
      [
        'com.google.step_count.cumulative',
        1,
        "a phone's running total of steps; the same steps are read from com.google.step_count.delta",
      ],
      ['com.google.step_count.cadence', 1, 'Healthfolio has no metric for step cadence yet'],
    ]);
  });

  it('refuses points that are no reading, and skips a 0 where 0 is none', async () => {
    const out = await readAll(
      only('All Data').filter((f) => /merge_(step_deltas|heart_rate_bpm)\.json$/.test(f.name)),
    );
    expect(out.issues).toEqual([
      {
        file: expect.stringContaining('merge_step_deltas'),
        record: 2,
        message: 'value "many" is not a number',
      },
    ]);
    expect(out.skipped.get('com.google.heart_rate.bpm = 0')).toEqual({
      type: 'com.google.heart_rate.bpm = 0',
      count: 1,
      reason: '0 is no reading',
    });
  });

  it('yields the points before a cut-off, then throws ImportFormatError', async () => {
    const text =
      '{"Data Source":"derived:com.google.step_count.delta:com.google.android.gms:merge_step_deltas","Data Points":[' +
      '{"fitValue":[{"value":{"intVal":5}}],"startTimeNanos":1710054000000000000,"endTimeNanos":1710054060000000000},' +
      '{"fitValue":[{"value":{"intVal":';
    const file = fileFromBuffer('Takeout/Fit/All Data/derived_com.google.step_count.delta.json', text, 32);
    const out = await collect(googleFitImporter.read([file], context));
    expect(out.samples.map((s) => s.value)).toEqual([5]);
    expect(unaccounted(out)).toBe(0);
    expect(out.error).toBeInstanceOf(ImportFormatError);
    expect((out.error as ImportFormatError).where).toEqual({ file: file.name, record: 1 });
  });
});

describe('google-fit read: All Sessions', () => {
  it('reads a workout a session: active minutes, the local offset from the file name, distance and energy', async () => {
    const out = await readAll(only('All Sessions'));
    expect(
      ofKind(out.samples, 'workout').map((s) => [
        ...row(s),
        s.utcOffsetMin,
        s.device,
        s.originId,
        s.meta?.workout,
      ]),
    ).toEqual([
      [
        'workout',
        '2024-03-08T23:00:00.000Z',
        '2024-03-08T23:45:00.000Z',
        45,
        'min',
        -300,
        null,
        'session:2024-03-08T23:00:00.000Z:strength_training',
        { activity: 'strength_training', energyKcal: 210 },
      ],
      [
        'workout',
        '2024-03-10T14:30:00.000Z',
        '2024-03-10T15:05:00.000Z',
        33.008,
        'min',
        -240,
        null,
        'session:2024-03-10T14:30:00.000Z:running',
        { activity: 'running', distanceM: 5012.339, energyKcal: 402.613 },
      ],
    ]);
  });

  it("reads a sleep session as the night in bed, the sleep within it being All Data's stages", async () => {
    const out = await readAll(only('SLEEP'));
    expect(out.samples.map((s) => [...row(s), s.utcOffsetMin, s.originId])).toEqual([
      [
        'time_in_bed',
        '2024-03-10T03:30:00.000Z',
        '2024-03-10T11:00:00.000Z',
        450,
        'min',
        -300,
        'session:2024-03-10T03:30:00.000Z:sleep',
      ],
    ]);
  });

  it('reads an activity by its number, a time with its own offset, and refuses what is no session', async () => {
    const session = (name: string, body: string) =>
      fileFromBuffer(`Takeout/Fit/All Sessions/${name}.json`, body);
    const out = await readAll([
      session(
        'ride',
        '{"fitnessActivity": 16, "startTime": "2024-03-10T09:00:00.000-04:00", "endTime": "2024-03-10T10:00:00.000-04:00",' +
          ' "application": {"packageName": "com.strava"}, "id": "ride-1"}',
      ),
      session(
        'backwards',
        '{"fitnessActivity": "walking", "startTime": "2024-03-10T10:00:00Z", "endTime": "2024-03-10T09:00:00Z"}',
      ),
      session('cut', '{"fitnessActivity": "walking", "startTime": "2024-03-10T10:00:00Z"'),
    ]);
    expect(
      out.samples.map((s) => [s.meta?.workout?.activity, s.value, s.utcOffsetMin, s.device, s.originId]),
    ).toEqual([['road_cycling', 60, -240, 'com.strava', 'session:ride-1']]);
    expect(out.issues.map((i) => i.message)).toEqual([
      'startTime "2024-03-10T10:00:00Z" / endTime "2024-03-10T09:00:00Z" are not a span',
      'the session is not whole JSON',
    ]);
  });
});

describe('google-fit read: Daily activity metrics', () => {
  it('reads the 15-minute rows with their own offsets across the DST jump', async () => {
    const out = await readAll(only('2024-03-10.csv'));
    const at7 = out.samples.filter((s) => s.start === Date.parse('2024-03-10T07:00:00Z'));
    expect(at7.map((s) => [s.kind, s.value, s.unit])).toEqual([
      ['exercise_minutes', 3, 'min'],
      ['calories', 25.1, 'kcal'],
      ['distance', 412.5, 'm'],
      ['heart_points', 3, '{count}'],
      ['heart_rate', 96, '/min'],
      ['speed', 1.2, 'm/s'],
      ['steps', 560, '{count}'],
    ]);
    expect(at7.every((s) => s.utcOffsetMin === -240 && s.end === Date.parse('2024-03-10T07:15:00Z'))).toBe(
      true,
    );
    const beforeJump = out.samples.find((s) => s.kind === 'heart_rate' && s.value === 58.5)!;
    expect([iso(beforeJump.start), iso(beforeJump.end), beforeJump.utcOffsetMin]).toEqual([
      '2024-03-10T06:45:00.000Z',
      '2024-03-10T07:00:00.000Z',
      -300,
    ]);
    expect(ofKind(out.samples, 'weight').map((s) => s.value)).toEqual([70.2]);
    expect(sum(ofKind(out.samples, 'steps'))).toBe(560 + 2405 + 12);
  });

  it('ends the last row of the day at midnight of the next', async () => {
    const last = (await readAll(only('2024-03-10.csv'))).samples.find(
      (s) => s.kind === 'steps' && s.value === 12,
    )!;
    expect([iso(last.start), iso(last.end)]).toEqual([
      '2024-03-11T03:45:00.000Z',
      '2024-03-11T04:00:00.000Z',
    ]);
  });

  it('reports bad cells and rows as issues, skips the columns it keeps nothing of, and goes on', async () => {
    const out = await readAll(only('2024-03-10.csv'));
    const file = 'Takeout/Fit/Daily activity metrics/2024-03-10.csv';
    expect(out.issues).toEqual([
      { file, line: 6, message: 'Step count "lots" is not a number' },
      { file, line: 7, message: expect.stringContaining('"noon"') },
    ]);
    expect(Object.fromEntries([...out.skipped.values()].map((s) => [s.type, s.count]))).toEqual({
      'Inactive duration (ms)': 5,
      'Heart Minutes': 2,
      'Max heart rate (bpm)': 3,
      'Min heart rate (bpm)': 3,
      'Low latitude (deg)': 2,
      'Low longitude (deg)': 2,
      'High latitude (deg)': 2,
      'High longitude (deg)': 2,
      'Max speed (m/s)': 2,
      'Min speed (m/s)': 2,
      'Walking duration (ms)': 1,
      'Max weight (kg)': 1,
      'Min weight (kg)': 1,
      'Running duration (ms)': 1,
      'Distance (m) = 0': 1,
    });
  });

  it('reads the summary a day per row over the local day, and leaves to the 15-minute files the days they cover', async () => {
    const alone = await readAll(only('Daily activity metrics.csv'));
    const dst = alone.samples.find((s) => s.kind === 'steps' && s.value === 2977)!;
    expect([iso(dst.start), (dst.end! - dst.start) / 3_600_000, dst.tz]).toEqual([
      '2024-03-10T05:00:00.000Z',
      23,
      'America/New_York',
    ]);
    expect(alone.samples.some((s) => s.kind === 'heart_rate' || s.kind === 'speed')).toBe(false);
    expect(alone.skipped.get('Average heart rate (bpm) (day average)')?.count).toBe(3);

    const both = await readAll(only('Daily activity metrics'));
    expect(ofKind(both.samples, 'steps').map((s) => [iso(s.start), s.value])).toEqual([
      ['2024-03-10T07:00:00.000Z', 560],
      ['2024-03-10T14:30:00.000Z', 2405],
      ['2024-03-11T03:45:00.000Z', 12],
      ['2024-03-08T05:00:00.000Z', 2890],
      ['2024-03-09T05:00:00.000Z', 5210],
    ]);
    expect(both.skipped.get('Daily activity metrics.csv (days with a 15-minute file)')).toEqual({
      type: 'Daily activity metrics.csv (days with a 15-minute file)',
      count: 22,
      reason:
        "the day's 15-minute file (Daily activity metrics/YYYY-MM-DD.csv) holds the same figures, finer",
    });
  });
});

describe('google-fit read: Health Connect', () => {
  it('says plainly that the database export is not supported yet', async () => {
    const { error } = await collect(googleFitImporter.read(healthConnect, context));
    expect(error).toBeInstanceOf(ImportFormatError);
    expect((error as Error).message).toBe(
      "Health Connect's database export is not supported yet; export through Google Takeout (Fit) instead",
    );
  });

  it('reads the Takeout files beside it and warns about the database', async () => {
    const out = await readAll([...takeout, ...healthConnect]);
    expect(out.samples).toHaveLength(53);
    expect(out.chunks[0]!.warnings?.[0]).toMatch(/not supported yet/);
  });
});
