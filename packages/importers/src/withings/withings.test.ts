import { join } from 'node:path';
import { toCanonical } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { collect, fixtureFiles, unaccounted } from '../shared/test-support';
import { fileFromBuffer } from '../files/memory-file';
import { ImportFormatError, type ImportContext, type ImportFile } from '../types';
import { withingsImporter } from './index';

const context: ImportContext = {
  owner: { name: 'Chen Example', email: 'chen@example.com' },
  timeZone: 'America/New_York',
};
const files = fixtureFiles(join(__dirname, 'fixtures'));
const iso = (ms: number) => new Date(ms).toISOString();
const dir = 'data_ChenExample_1710500000';

async function readAll(list: ImportFile[] = files) {
  const out = await collect(withingsImporter.read(list, context));
  expect(out.error).toBeUndefined();
  expect(unaccounted(out)).toBe(0);
  return out;
}

describe('withings read', () => {
  it('reads weight, blood pressure, sleep and daily steps', async () => {
    const { samples, records } = await readAll();
    // Readings, not rows: 12 samples (body fat % among them), 2 issues, 10 filled cells not kept.
    expect(records).toBe(24);
    expect(samples.map((s) => s.kind)).toEqual([
      'steps',
      'steps',
      'blood_pressure_systolic',
      'blood_pressure_diastolic',
      'heart_rate',
      'sleep_duration',
      'weight',
      'fat_mass',
      'body_fat',
      'bone_mass',
      'muscle_mass',
      'weight',
    ]);
    expect(samples.every((s) => s.source === 'withings')).toBe(true);
    for (const s of samples) expect(() => toCanonical(s.kind, s.value, s.unit)).not.toThrow();
  });

  it('reads a weigh-in in local time with body fat from fat mass over weight', async () => {
    const weighIn = (await readAll()).samples.filter((s) => s.start === Date.parse('2024-03-10T11:12:00Z'));
    expect(weighIn.map((s) => [s.kind, s.value, s.unit])).toEqual([
      ['weight', 80, 'kg'],
      ['fat_mass', 16, 'kg'],
      ['body_fat', 20, '%'],
      ['bone_mass', 3.2, 'kg'],
      ['muscle_mass', 58.1, 'kg'],
    ]);
    expect(weighIn[0]).toMatchObject({
      utcOffsetMin: -240,
      tz: 'America/New_York',
      originId: 'weight:2024-03-10T11:12:00.000Z',
    });
    const before = (await readAll()).samples.find((s) => s.kind === 'weight' && s.value === 80.4)!;
    expect([iso(before.start), before.utcOffsetMin]).toEqual(['2024-03-09T12:05:00.000Z', -300]);
  });

  it('reads a pound account by its header', async () => {
    const lb = fileFromBuffer(
      'weight.csv',
      '"Date","Weight (lb)","Fat mass (lb)","Bone mass (lb)","Muscle mass (lb)","Hydration (lb)","Comments"\n"2024-01-02 07:00:00","176.4","35.3","","","",""\n',
    );
    const { samples } = await readAll([lb]);
    expect(samples.map((s) => [s.kind, s.value, s.unit])).toEqual([
      ['weight', 176.4, 'lb'],
      ['fat_mass', 35.3, 'lb'],
      ['body_fat', expect.closeTo(20.01, 2), '%'],
    ]);
  });

  it('reads blood pressure with its heart rate', async () => {
    const bp = (await readAll()).samples.filter((s) => s.originId?.startsWith('bp:'));
    expect(bp.map((s) => [s.kind, s.value, s.unit, iso(s.start)])).toEqual([
      ['blood_pressure_systolic', 121, 'mm[Hg]', '2024-03-10T12:30:00.000Z'],
      ['blood_pressure_diastolic', 79, 'mm[Hg]', '2024-03-10T12:30:00.000Z'],
      ['heart_rate', 64, '/min', '2024-03-10T12:30:00.000Z'],
    ]);
  });

  it('counts light, deep and REM as sleep over a night that crosses the DST jump', async () => {
    const night = (await readAll()).samples.find((s) => s.kind === 'sleep_duration')!;
    expect([
      night.value,
      night.unit,
      iso(night.start),
      iso(night.end!),
      night.utcOffsetMin,
      night.tz,
    ]).toEqual([22800, 's', '2024-03-10T04:40:00.000Z', '2024-03-10T11:10:00.000Z', -300, null]);
    expect(toCanonical('sleep_duration', night.value, night.unit).value).toBeCloseTo(6.333, 3);
  });

  it('gives daily steps the local day and leaves out days of 0', async () => {
    const steps = (await readAll()).samples.filter((s) => s.kind === 'steps');
    expect(steps.map((s) => [s.originId, s.value, iso(s.start), (s.end! - s.start) / 3_600_000])).toEqual([
      ['steps:2024-03-09', 8421, '2024-03-09T05:00:00.000Z', 24],
      ['steps:2024-03-11', 10233, '2024-03-11T04:00:00.000Z', 24],
    ]);
  });

  it('skips the cells it does not keep under their column names, with why', async () => {
    const { skipped } = await readAll();
    expect(skipped.get('Hydration (kg)')).toEqual({
      type: 'Hydration (kg)',
      count: 1,
      reason: expect.stringContaining('body water'),
    });
    expect(skipped.get('Snoring episodes')).toMatchObject({
      count: 1,
      reason: expect.stringContaining('snoring'),
    });
    expect(skipped.get('Heart rate (max)')).toMatchObject({ count: 1 });
    expect(skipped.get('steps (aggregates_steps.csv)')).toMatchObject({
      count: 1,
      reason: expect.stringContaining('not worn'),
    });
    // Empty Comments cells are not readings.
    expect(skipped.has('Comments')).toBe(false);
  });

  it('accounts for every reading of each file alone, a comment and a 0 included', async () => {
    for (const file of files) {
      const out = await collect(withingsImporter.read([file], context));
      expect(unaccounted(out), file.name).toBe(0);
    }
    const weight = fileFromBuffer(
      `${dir}/weight.csv`,
      '"Date","Weight (kg)","Fat mass (kg)","Bone mass (kg)","Muscle mass (kg)","Hydration (kg)","Comments"\n' +
        '"2024-03-10 07:12:00","80.0","0","","","","after the run"\n',
    );
    const { samples, skipped, records } = await readAll([weight]);
    expect(samples.map((s) => s.kind)).toEqual(['weight']);
    expect([...skipped.values()].map((s) => [s.type, s.count])).toEqual([
      ['Fat mass (kg)', 1],
      ['Comments', 1],
    ]);
    expect(records).toBe(3);
  });

  it('reports bad rows as issues and goes on', async () => {
    const { issues } = await readAll();
    expect(issues).toEqual([
      { file: `${dir}/bp.csv`, line: 3, message: 'Date "yesterday" is not a date' },
      { file: `${dir}/weight.csv`, line: 4, message: 'Weight (kg) "heavy" is not a number' },
    ]);
  });

  it('yields the same samples and originIds on every run', async () => {
    const first = (await readAll()).samples;
    expect((await readAll()).samples).toEqual(first);
    const keys = first.map((s) => `${s.kind}|${s.start}|${s.end}|${s.originId}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps what was read, then throws ImportFormatError, when a file is cut off inside a quoted cell', async () => {
    const bp = files.filter((f) => f.name.endsWith('bp.csv'));
    const cut = fileFromBuffer(
      `${dir}/weight.csv`,
      '"Date","Weight (kg)","Fat mass (kg)","Bone mass (kg)","Muscle mass (kg)","Hydration (kg)","Comments"\n"2024-03-11 07:12:00","80.',
    );
    const { chunks, error } = await collect(withingsImporter.read([...bp, cut], context));
    expect(chunks.flatMap((c) => c.samples).map((s) => s.kind)).toEqual([
      'blood_pressure_systolic',
      'blood_pressure_diastolic',
      'heart_rate',
    ]);
    expect(error).toBeInstanceOf(ImportFormatError);
    expect((error as ImportFormatError).where?.file).toBe(`${dir}/weight.csv`);
  });
});
