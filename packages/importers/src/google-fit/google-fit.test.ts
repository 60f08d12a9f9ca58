import { join } from 'node:path';
import { toCanonical } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { collect, fixtureFiles } from '../shared/test-support';
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
const iso = (ms: number) => new Date(ms).toISOString();

async function readAll(files: ImportFile[]) {
  const { chunks, error } = await collect(googleFitImporter.read(files, context));
  expect(error).toBeUndefined();
  return {
    chunks,
    samples: chunks.flatMap((c) => c.samples),
    issues: chunks.flatMap((c) => c.issues ?? []),
    records: chunks.reduce((n, c) => n + c.records, 0),
  };
}

describe('google-fit read: per-day activity metrics', () => {
  it('reads the 15-minute rows with their own offsets across the DST jump', async () => {
    const { samples, records } = await readAll(takeout);
    expect(records).toBe(7);
    expect(samples).toHaveLength(13);
    const row = samples.filter((s) => s.start === Date.parse('2024-03-10T07:00:00Z'));
    expect(row.map((s) => [s.kind, s.value, s.unit])).toEqual([
      ['steps', 560, '{count}'],
      ['distance', 412.5, 'm'],
      ['calories', 25.1, 'kcal'],
      ['exercise_minutes', 3, 'min'],
      ['heart_rate', 96, '/min'],
    ]);
    expect(row.every((s) => s.utcOffsetMin === -240 && s.end === Date.parse('2024-03-10T07:15:00Z'))).toBe(
      true,
    );
    const beforeJump = samples.find((s) => s.kind === 'heart_rate' && s.value === 58.5)!;
    expect([iso(beforeJump.start), iso(beforeJump.end!), beforeJump.utcOffsetMin]).toEqual([
      '2024-03-10T06:45:00.000Z',
      '2024-03-10T07:00:00.000Z',
      -300,
    ]);
    expect(samples.find((s) => s.kind === 'weight')).toMatchObject({ value: 70.2, unit: 'kg' });
    expect(samples.every((s) => s.source === 'google_health_connect')).toBe(true);
    for (const s of samples) expect(() => toCanonical(s.kind, s.value, s.unit)).not.toThrow();
  });

  it('ends the last row of the day at midnight of the next', async () => {
    const last = (await readAll(takeout)).samples.find((s) => s.kind === 'steps' && s.value === 12)!;
    expect([iso(last.start), iso(last.end!)]).toEqual([
      '2024-03-11T03:45:00.000Z',
      '2024-03-11T04:00:00.000Z',
    ]);
  });

  it('reports bad cells and rows as issues and goes on', async () => {
    const { issues } = await readAll(takeout);
    const file = 'Takeout/Fit/Daily activity metrics/2024-03-10.csv';
    expect(issues).toEqual([
      { file, line: 6, message: 'Step count "lots" is not a number' },
      { file, line: 7, message: expect.stringContaining('"noon"') },
    ]);
  });

  it('ignores the daily summary and All Data when the per-day files are there (no double counting)', async () => {
    const { samples } = await readAll(takeout);
    expect(samples.filter((s) => s.kind === 'steps').reduce((n, s) => n + s.value, 0)).toBe(572);
  });

  it('yields the same samples and originIds on every run', async () => {
    const first = (await readAll(takeout)).samples;
    expect((await readAll(takeout)).samples).toEqual(first);
    const keys = first.map((s) => `${s.kind}|${s.start}|${s.end}|${s.originId}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('google-fit read: daily summary', () => {
  it('reads a day per row over the local day, leaving out the day-average heart rate', async () => {
    const { samples } = await readAll(only('Daily activity metrics.csv'));
    expect(samples).toHaveLength(10);
    expect(samples.some((s) => s.kind === 'heart_rate')).toBe(false);
    const dst = samples.find((s) => s.kind === 'steps' && s.value === 572)!;
    expect([iso(dst.start), (dst.end! - dst.start) / 3_600_000, dst.tz]).toEqual([
      '2024-03-10T05:00:00.000Z',
      23,
      'America/New_York',
    ]);
  });
});

describe('google-fit read: All Data', () => {
  it('reads the merged streams and leaves out per-source duplicates', async () => {
    const { samples, issues, records } = await readAll(only('All Data'));
    expect(samples.map((s) => [s.kind, iso(s.start), s.end && iso(s.end), s.value])).toEqual([
      ['heart_rate', '2024-03-10T07:00:00.000Z', undefined, 61],
      ['steps', '2024-03-10T07:00:00.000Z', '2024-03-10T07:05:00.000Z', 412],
      ['steps', '2024-03-10T14:55:00.000Z', '2024-03-10T15:00:00.000Z', 150],
      ['weight', '2024-03-10T11:00:00.000Z', undefined, 70.19999694824219],
    ]);
    expect(samples[1]!.utcOffsetMin).toBe(-240);
    expect(records).toBe(5);
    expect(issues).toEqual([
      {
        file: expect.stringContaining('merge_step_deltas'),
        record: 2,
        message: 'value "many" is not a number',
      },
    ]);
  });

  it('yields the points before a cut-off, then throws ImportFormatError', async () => {
    const text =
      '{"Data Source":"derived:com.google.step_count.delta:com.google.android.gms:merge_step_deltas","Data Points":[' +
      '{"fitValue":[{"value":{"intVal":5}}],"startTimeNanos":1710054000000000000,"endTimeNanos":1710054060000000000},' +
      '{"fitValue":[{"value":{"intVal":';
    const file = fileFromBuffer('Takeout/Fit/All Data/derived_com.google.step_count.delta.json', text, 32);
    const { chunks, error } = await collect(googleFitImporter.read([file], context));
    expect(chunks.flatMap((c) => c.samples).map((s) => s.value)).toEqual([5]);
    expect(error).toBeInstanceOf(ImportFormatError);
    expect((error as ImportFormatError).where).toEqual({ file: file.name, record: 1 });
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
    const { chunks, samples } = await readAll([...takeout, ...healthConnect]);
    expect(samples).toHaveLength(13);
    expect(chunks[0]!.warnings?.[0]).toMatch(/not supported yet/);
  });
});
