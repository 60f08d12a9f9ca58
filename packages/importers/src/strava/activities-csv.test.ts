import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { adaContext, collect, unaccounted } from '../shared/test-support';
import { parseActivityDate } from './date';
import { fixture } from './fixtures/files';
import { stravaImporter } from './index';

const read = () =>
  collect(stravaImporter.read([fileFromBuffer('activities.csv', fixture('activities.csv'))], adaContext));

describe('strava activities.csv', () => {
  it('gives one workout per good row, keyed by Activity ID', async () => {
    const { samples, records, error } = await read();
    expect(error).toBeUndefined();
    // Readings, not rows: 4 workouts, the row refused, and 10 figures a workout does not keep.
    expect(records).toBe(15);
    expect(samples.map((s) => [s.kind, s.originId, s.source])).toEqual([
      ['workout', '11000000001', 'strava'],
      ['workout', '11000000002', 'strava'],
      ['workout', '11000000003', 'strava'],
      ['workout', '11000000005', 'strava'],
    ]);
  });

  it('skips the figures a workout does not keep under their column names, a name written twice once', async () => {
    const out = await read();
    expect([...out.skipped.values()].map((s) => [s.type, s.count])).toEqual([
      ['Activity Description', 1],
      ['Max Heart Rate', 1],
      ['Relative Effort', 1],
      ['Moving Time', 4],
      ['Max Speed', 1],
      ['Average Speed', 1],
      ['Elevation Gain', 1],
    ]);
    expect(out.skipped.get('Max Heart Rate')!.reason).toContain('not this figure');
    expect(unaccounted(out)).toBe(0);
  });

  it('accounts for the readings before a cut', async () => {
    const text = fixture('activities.csv').toString('utf8');
    const cut = text.slice(0, text.indexOf('Evening Weights')) + '"Evening';
    const out = await collect(stravaImporter.read([fileFromBuffer('activities.csv', cut)], adaContext));
    expect(out.error?.name).toBe('ImportFormatError');
    expect(unaccounted(out)).toBe(0);
  });

  it('reads the UTC Activity Date, the elapsed seconds and the metres column (not the km one)', async () => {
    const [run, ride, swim, weights] = (await read()).samples;
    expect(run).toMatchObject({
      start: Date.parse('2024-03-10T12:00:00Z'),
      end: Date.parse('2024-03-10T13:00:00Z'),
      value: 60,
      unit: 'min',
      meta: { workout: { activity: 'running', distanceM: 10020.5, energyKcal: 812, avgHeartRate: 148.3 } },
    });
    expect(ride!.meta?.workout).toMatchObject({ activity: 'cycling', distanceM: 40512, energyKcal: 1020 });
    expect(swim!.meta?.workout).toMatchObject({ activity: 'swimming', distanceM: 1500 });
    expect(weights!.meta?.workout).toMatchObject({ activity: 'weight_training', distanceM: 0 });
  });

  it('gives each workout the profile zone offset of its day, across the DST jump', async () => {
    const [run, ride] = (await read()).samples;
    expect(ride).toMatchObject({ utcOffsetMin: -300, tz: 'America/New_York' });
    expect(run).toMatchObject({ utcOffsetMin: -240, tz: 'America/New_York' });
  });

  it('reports a row with a bad date as an issue at its line, after a multi-line description', async () => {
    const { issues } = await read();
    expect(issues).toEqual([
      { message: expect.stringContaining('someday'), file: 'activities.csv', line: 6 },
    ]);
  });

  it('keeps originIds stable across runs', async () => {
    const ids = (await read()).samples.map((s) => s.originId);
    expect((await read()).samples.map((s) => s.originId)).toEqual(ids);
  });

  it('throws ImportFormatError after the good rows when the CSV is cut inside a quote', async () => {
    const text = fixture('activities.csv').toString('utf8');
    const cut = text.slice(0, text.indexOf('Evening Weights')) + '"Evening';
    const { samples, error } = await collect(
      stravaImporter.read([fileFromBuffer('activities.csv', cut)], adaContext),
    );
    expect(samples.map((s) => s.originId)).toEqual(['11000000001', '11000000002', '11000000003']);
    expect(error?.name).toBe('ImportFormatError');
  });
});

describe('parseActivityDate', () => {
  it('reads 12 AM and 12 PM right and refuses impossible dates', () => {
    expect(parseActivityDate('Jan 5, 2024, 12:15:03 AM')).toBe(Date.parse('2024-01-05T00:15:03Z'));
    expect(parseActivityDate('Jan 5, 2024, 12:15:03 PM')).toBe(Date.parse('2024-01-05T12:15:03Z'));
    expect(parseActivityDate('Feb 30, 2024, 1:00:00 PM')).toBeUndefined();
    expect(parseActivityDate('2024-01-05 07:15:03')).toBe(Date.parse('2024-01-05T07:15:03Z'));
  });
});
