import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { adaContext, collect, unaccounted } from '../shared/test-support';
import { ImportFormatError } from '../types';
import { pelotonImporter } from './index';
import { parsePelotonTime } from './timestamp';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`fixtures/${name}`, import.meta.url)));
const read = (name = 'workouts.csv') =>
  collect(pelotonImporter.read([fileFromBuffer('workouts.csv', fixture(name))], adaContext));

describe('peloton workouts CSV', () => {
  it('gives one workout per good row with its totals', async () => {
    const { samples, records, error } = await read();
    expect(error).toBeUndefined();
    // Readings, not rows: 5 workouts, the row refused, and 11 averages a workout does not keep.
    expect(records).toBe(17);
    expect(samples).toHaveLength(5);
    expect(samples[0]).toMatchObject({
      kind: 'workout',
      start: Date.parse('2024-03-09T11:30:00Z'),
      end: Date.parse('2024-03-09T12:00:00Z'),
      value: 30,
      unit: 'min',
      source: 'peloton',
      meta: {
        workout: { activity: 'cycling', distanceM: 14902.5, energyKcal: 380, avgHeartRate: 142.55 },
        provenance: { title: '30 min HIIT Ride', instructor: 'Robin Arzon', totalOutputKj: 301 },
      },
    });
    expect(samples.map((s) => s.meta?.workout?.activity)).toEqual([
      'cycling',
      'running',
      'strength',
      'meditation',
      'cycling',
    ]);
  });

  it('skips the averages a workout does not keep under their column names, with why', async () => {
    const { skipped } = await read();
    expect([...skipped.values()].map((s) => [s.type, s.count])).toEqual([
      ['Avg. Watts', 2],
      ['Avg. Resistance', 2],
      ['Avg. Cadence (RPM)', 2],
      ['Avg. Speed (mph)', 3],
      ['Avg. Incline', 1],
      ['Avg. Pace (min/mi)', 1],
    ]);
    expect(skipped.get('Avg. Watts')!.reason).toContain('not this average');
  });

  it('accounts for every reading of every fixture, in chunks of any size', async () => {
    for (const name of ['workouts.csv', 'workouts-metric.csv']) {
      expect(unaccounted(await read(name)), name).toBe(0);
      const split = await collect(
        pelotonImporter.read([fileFromBuffer('workouts.csv', fixture(name), 7)], adaContext),
      );
      expect(unaccounted(split), name).toBe(0);
    }
  });

  it('reads the zone Peloton names, across the DST jump, and the profile zone for an unknown one', async () => {
    const { samples } = await read();
    expect(samples.map((s) => [new Date(s.start).toISOString(), s.utcOffsetMin, s.tz])).toEqual([
      ['2024-03-09T11:30:00.000Z', -300, undefined],
      ['2024-03-10T12:00:00.000Z', -240, undefined],
      ['2024-03-10T22:15:00.000Z', -240, undefined],
      ['2024-03-11T11:00:00.000Z', -240, 'America/New_York'],
      ['2024-03-12T00:45:00.000Z', -300, undefined],
    ]);
  });

  it('keys each workout by its time and title, the same on every run', async () => {
    const ids = (await read()).samples.map((s) => s.originId);
    expect(ids[1]).toBe(`${Date.parse('2024-03-10T12:00:00Z') / 1000}:20 min Run, Intervals`);
    expect((await read()).samples.map((s) => s.originId)).toEqual(ids);
  });

  it('reports a row whose timestamp is not a time, at its line', async () => {
    const { issues } = await read();
    expect(issues).toEqual([
      { message: expect.stringContaining('yesterday'), file: 'workouts.csv', line: 5 },
    ]);
  });

  it('reads the metric export (Distance (km))', async () => {
    const { samples } = await read('workouts-metric.csv');
    expect(samples[0]).toMatchObject({
      start: Date.parse('2024-03-09T18:58:00Z'),
      utcOffsetMin: 60,
      meta: { workout: { distanceM: 15790 } },
    });
  });

  it('throws ImportFormatError after the good rows when the file is cut inside a quote', async () => {
    const text = fixture('workouts.csv').toString('utf8');
    const cut = text.slice(0, text.indexOf('"20 min Run') + 8);
    const out = await collect(pelotonImporter.read([fileFromBuffer('w.csv', cut)], adaContext));
    expect(out.samples).toHaveLength(1);
    expect(out.error).toBeInstanceOf(ImportFormatError);
    // The first workout's skipped averages leave with it, before the error.
    expect([out.skippedCount, unaccounted(out)]).toEqual([4, 0]);
  });
});

describe('parsePelotonTime', () => {
  it('reads abbreviations, numeric offsets and refuses what is not a time', () => {
    expect(parsePelotonTime('2023-11-08 12:04 (-06)', 'UTC')).toEqual({
      ms: Date.parse('2023-11-08T18:04:00Z'),
      offsetMin: -360,
    });
    expect(parsePelotonTime('2023-01-05 07:00 (PST)', 'UTC')?.offsetMin).toBe(-480);
    expect(parsePelotonTime('2023-01-05 07:00 (+0530)', 'UTC')?.offsetMin).toBe(330);
    expect(parsePelotonTime('2023-02-30 07:00 (EST)', 'UTC')).toBeUndefined();
    expect(parsePelotonTime('Jan 5 2023', 'UTC')).toBeUndefined();
  });
});
