import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { activityFit, routedActivityFit, sessionWithoutTimesFit } from './fixtures/build-fit';
import { adaContext, collect, ofKind, unaccounted } from '../shared/test-support';
import { garminFitImporter } from './index';

const read = () => collect(garminFitImporter.read([fileFromBuffer('run.fit', activityFit())], adaContext));

describe('garmin-fit activity files', () => {
  it('gives one workout for the session with its totals', async () => {
    const { samples, error } = await read();
    expect(error).toBeUndefined();
    const [workout, ...more] = ofKind(samples, 'workout');
    expect(more).toHaveLength(0);
    expect(workout).toMatchObject({
      start: Date.parse('2024-03-10T12:00:00Z'),
      end: Date.parse('2024-03-10T12:10:00Z'),
      value: 10,
      unit: 'min',
      source: 'garmin',
      device: 'fenix 7',
      meta: { workout: { activity: 'running', distanceM: 2012.5, energyKcal: 151, avgHeartRate: 133 } },
    });
  });

  it("keeps the session's records as its workout's track, positions in degrees", async () => {
    const out = await collect(
      garminFitImporter.read([fileFromBuffer('walk.fit', routedActivityFit())], adaContext),
    );
    const [workout] = ofKind(out.samples, 'workout');
    const tracks = out.chunks.flatMap((c) => c.tracks ?? []);
    expect(tracks).toHaveLength(1);
    expect(tracks[0]).toMatchObject({ source: 'garmin', start: workout!.start, originId: workout!.originId });
    const { points } = tracks[0]!;
    expect(points.t).toEqual([0, 30, 60, 90, 120]);
    expect(points.lat).toEqual([40.7, 40.701, 40.702, 40.703, 40.704]);
    expect(points.lon).toEqual([-74, -74, -74, -74, -74]);
    expect(points.ele).toEqual([100, 101, 102, 103, 104]);
    expect(points.dist).toEqual([0, 111, 222, 333, 444]);
    expect(points.hr).toEqual([100, 105, 110, 115, 120]);
    expect(unaccounted(out)).toBe(0);
  });

  it('averages record heart rate per minute', async () => {
    const hr = ofKind((await read()).samples, 'heart_rate');
    expect(hr.map((s) => [new Date(s.start).toISOString(), s.value, s.unit])).toEqual([
      ['2024-03-10T12:00:00.000Z', 122.5, '/min'],
      ['2024-03-10T12:01:00.000Z', 130, '/min'],
      ['2024-03-10T12:02:00.000Z', 142.5, '/min'],
    ]);
    expect(hr[0]!.end! - hr[0]!.start).toBe(60_000);
  });

  it("places the activity at the device's own offset (EDT, after the jump), not the profile zone", async () => {
    const { samples } = await read();
    expect(new Set(samples.map((s) => s.utcOffsetMin))).toEqual(new Set([-240]));
    expect(samples.every((s) => s.tz === undefined)).toBe(true);
  });

  it('gives the same originIds on every run, keyed by the serial number', async () => {
    const ids = (await read()).samples.map((s) => s.originId);
    expect((await read()).samples.map((s) => s.originId)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(`3312345678:session:${Date.parse('2024-03-10T12:00:00Z') / 1000}`);
  });

  it('counts a reading for each minute of heart rate and the session, and accounts for each', async () => {
    const out = await read();
    expect(out.chunks).toHaveLength(1);
    expect(out.records).toBe(3 + 1);
    expect(unaccounted(out)).toBe(0);
  });
});

describe('garmin-fit bad messages', () => {
  it('reports a session without start or duration as an issue and keeps the rest', async () => {
    const out = await collect(
      garminFitImporter.read([fileFromBuffer('odd.fit', sessionWithoutTimesFit())], adaContext),
    );
    const { samples, issues, error } = out;
    expect(error).toBeUndefined();
    expect(ofKind(samples, 'workout')).toHaveLength(0);
    expect(ofKind(samples, 'heart_rate')).toHaveLength(1);
    expect(issues).toEqual([{ message: expect.stringContaining('session'), file: 'odd.fit', record: 3 }]);
    expect(unaccounted(out)).toBe(0);
  });
});
