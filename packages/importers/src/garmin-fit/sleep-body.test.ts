import { describe, expect, it } from 'vitest';
import { getConverter } from '@healthfolio/core';
import { fileFromBuffer } from '../files/memory-file';
import { sleepFit, weightFit } from './fixtures/build-fit';
import { adaContext, collect, ofKind, unaccounted } from '../shared/test-support';
import { garminFitImporter } from './index';

const read = (name: string, bytes: Buffer) =>
  collect(garminFitImporter.read([fileFromBuffer(name, bytes)], adaContext));
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('garmin-fit sleep files', () => {
  it('gives asleep runs (light, deep, rem) as sleep_duration minutes, not awake', async () => {
    const sleep = ofKind((await read('sleep.fit', sleepFit())).samples, 'sleep_duration');
    expect(sleep.map((s) => [iso(s.start), iso(s.end), s.value, s.meta?.provenance?.stage])).toEqual([
      ['2024-03-10T04:00:00.000Z', '2024-03-10T05:00:00.000Z', 60, 'light'],
      ['2024-03-10T05:00:00.000Z', '2024-03-10T06:30:00.000Z', 90, 'deep'],
      ['2024-03-10T06:40:00.000Z', '2024-03-10T07:30:00.000Z', 50, 'rem'],
      ['2024-03-10T07:30:00.000Z', '2024-03-10T07:32:00.000Z', 2, 'light'],
    ]);
    expect(sleep.every((s) => s.unit === 'min')).toBe(true);
    const hours = getConverter('min', 'h');
    expect(hours(sleep.reduce((sum, s) => sum + s.value, 0))).toBeCloseTo(202 / 60);
  });

  it('reads the profile zone across the DST jump when the file has no local time', async () => {
    const { samples } = await read('sleep.fit', sleepFit());
    const sleep = ofKind(samples, 'sleep_duration');
    expect(sleep.map((s) => s.utcOffsetMin)).toEqual([-300, -300, -300, -240]);
    expect(sleep.every((s) => s.tz === 'America/New_York')).toBe(true);
  });

  it('skips the awake stretches by name and accounts for every reading', async () => {
    const out = await read('sleep.fit', sleepFit());
    expect([...out.skipped.values()]).toEqual([
      { type: 'sleep_level.awake', count: 2, reason: expect.stringContaining('awake') },
    ]);
    expect(out.records).toBe(4 + 2 + 2);
    expect(unaccounted(out)).toBe(0);
  });

  it('takes last night average HRV and the 5-minute values, in ms', async () => {
    const hrv = ofKind((await read('sleep.fit', sleepFit())).samples, 'heart_rate_variability');
    expect(hrv.map((s) => [iso(s.start), s.value, s.unit])).toEqual([
      ['2024-03-10T07:32:00.000Z', 48, 'ms'],
      ['2024-03-10T05:05:00.000Z', 52, 'ms'],
    ]);
  });
});

describe('garmin-fit weight files', () => {
  it('maps the scale fields, skipping hydration and a still-calculating reading', async () => {
    const { samples } = await read('weight.fit', weightFit());
    expect(samples.map((s) => [s.kind, s.value, s.unit])).toEqual([
      ['weight', 61.4, 'kg'],
      ['body_fat', 19.5, '%'],
      ['bone_mass', 2.6, 'kg'],
      ['muscle_mass', 27.9, 'kg'],
      ['bmi', 21.2, 'kg/m2'],
    ]);
    expect(
      samples.every((s) => s.start === Date.parse('2024-03-10T06:55:00Z') && s.utcOffsetMin === -300),
    ).toBe(true);
    expect(new Set(samples.map((s) => s.originId))).toEqual(
      new Set([`3312345678:${Date.parse('2024-03-10T06:55:00Z') / 1000}`]),
    );
  });

  it('names what it skipped: hydration (no metric) and the "calculating" weight', async () => {
    const out = await read('weight.fit', weightFit());
    expect([...out.skipped.values()]).toEqual([
      { type: 'weight_scale.percent_hydration', count: 1, reason: 'Healthfolio has no metric for it' },
      { type: 'weight_scale.weight', count: 1, reason: expect.stringContaining('calculating') },
    ]);
    expect(out.records).toBe(7);
    expect(unaccounted(out)).toBe(0);
    expect(out.warnings).toEqual([]);
  });
});
