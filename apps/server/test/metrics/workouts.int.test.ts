import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkoutDetail, WorkoutSummary } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { importFile, PARSING } from '../imports/helpers';

/**
 * A 20-minute run from a Forerunner's TCX (Garmin Connect's layout): a point every 30 s with position,
 * altitude (climbing 2 m a point to 90 m, then down 1 m a point to 70 m), distance (90 m a point, 3.6 km)
 * and heart rate held for whole minutes — 90 for 2 minutes, 110 for 3, 125 for 5, 145 for 5, 160 for 3,
 * then 180 and 190 — so each zone's time is known exactly.
 */
const RUN = readFileSync(join(__dirname, 'fixtures', 'morning-run.tcx'));

describe.each(testDialects.flatMap((d) => PARSING.map(([how, env]) => [d, how, env] as const)))(
  'workouts on %s, parsed %s',
  (dialect, _how, parsingEnv) => {
    let t: TestApp;
    let ada: { authorization: string };
    let ben: { authorization: string };
    const get = (url: string, auth = ada) => t.app.inject({ method: 'GET', url, headers: auth });

    beforeAll(async () => {
      t = await createTestApp(dialect, parsingEnv);
      await createUser(t, 'ada@example.com');
      await createUser(t, 'ben@example.com');
      ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
      ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
      const job = await importFile(t, ada, 'morning-run.tcx', RUN);
      expect(job).toMatchObject({ status: 'succeeded', format: 'strava' });
    });
    afterAll(() => t.close());

    const list = async (auth = ada) => {
      const res = await get('/api/workouts', auth);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      return res.json().data as { items: WorkoutSummary[]; nextBefore: string | null };
    };

    it('lists the run with its duration, distance, energy and heart rate', async () => {
      const { items, nextBefore } = await list();
      expect(nextBefore).toBeNull();
      expect(items).toEqual([
        {
          id: expect.any(Number),
          start: '2026-11-20T07:00:00.000Z',
          end: '2026-11-20T07:20:00.000Z',
          activity: 'running',
          durationMin: 20,
          distanceM: 3600,
          energyKcal: 250,
          // The mean of the 41 points' heart rate: 5610 / 41.
          avgHeartRate: 137,
          maxHeartRate: 190,
          source: 'strava',
          device: 'Forerunner 255',
          hasTrack: true,
        },
      ]);
    });

    it('gives the time in each heart-rate zone from the observed maximum, and the track', async () => {
      const [run] = (await list()).items;
      const res = await get(`/api/workouts/${run!.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json().data as WorkoutDetail;
      expect(detail.zones).toEqual({
        maxHeartRate: 190,
        basis: 'observed',
        zones: [
          { zone: 1, minBpm: 95, maxBpm: 114, seconds: 180 },
          { zone: 2, minBpm: 114, maxBpm: 133, seconds: 300 },
          { zone: 3, minBpm: 133, maxBpm: 152, seconds: 300 },
          { zone: 4, minBpm: 152, maxBpm: 171, seconds: 180 },
          { zone: 5, minBpm: 171, maxBpm: 190, seconds: 120 },
        ],
        belowSeconds: 120,
      });
      const track = detail.track!;
      // 3600 m in 1200 s: 3 m/s, a 5:33 /km pace; 20 climbs of 2 m.
      expect(track.avgSpeedMps).toBe(3);
      expect(track.elevationGainM).toBe(40);
      expect(track.points.t).toHaveLength(41);
      expect(track.points.t.slice(0, 3)).toEqual([0, 30, 60]);
      expect(track.points.t.at(-1)).toBe(1200);
      expect(track.points.dist.slice(0, 3)).toEqual([0, 90, 180]);
      expect(track.points.dist.at(-1)).toBe(3600);
      expect(track.points.ele.slice(19, 23)).toEqual([88, 90, 89, 88]);
      expect(track.points.lat[0]).toBe(51.5);
      expect(track.points.lon[0]).toBe(-0.12);
      expect(track.points.hr.slice(0, 4)).toEqual([90, 90, 90, 90]);
      expect(track.points.hr.at(-1)).toBe(190);
    });

    it('replaces the track when the same file is imported again', async () => {
      const job = await importFile(t, ada, 'morning-run.tcx', RUN);
      expect(job).toMatchObject({ status: 'succeeded', inserted: 0 });
      const rows = await t.db.kysely.selectFrom('workout_tracks').select(['point_count']).execute();
      expect(rows).toEqual([{ point_count: 41 }]);
      expect((await list()).items).toHaveLength(1);
    });

    it("answers 404 for another person's workout, and lists none of Ada's to Ben", async () => {
      const [run] = (await list()).items;
      const res = await get(`/api/workouts/${run!.id}`, ben);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect((await list(ben)).items).toEqual([]);
      expect((await get('/api/workouts/999999')).statusCode).toBe(404);
    });

    it('serves an API token with metrics:read, and refuses one without it', async () => {
      const token = async (scopes: string[]) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/tokens',
          headers: ada,
          payload: { name: scopes.join(' '), scopes },
        });
        expect(res.statusCode, res.body).toBe(201);
        return bearer((res.json().data as { token: string }).token);
      };
      const reader = await token(['metrics:read']);
      expect((await list(reader)).items).toHaveLength(1);
      const labsOnly = await token(['labs:read']);
      const refused = await get('/api/workouts', labsOnly);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(
        'This API token lacks the scope "metrics:read" this request needs.',
      );
      expect((await get('/api/sleep/nights', labsOnly)).statusCode).toBe(403);
    });

    it('refuses a bad cursor or limit with a clear error', async () => {
      const res = await get('/api/workouts?limit=0');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('limit');
    });
  },
);
