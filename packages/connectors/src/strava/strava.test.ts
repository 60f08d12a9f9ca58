import { describe, expect, it } from 'vitest';
import type { ProviderHttp } from '../types';
import { sync } from './client';
import { normalize, type StravaActivity } from './normalize';
import { activityName } from './sports';

/** A SummaryActivity as `GET /athlete/activities` answers it (fields as in Strava's reference). */
const ride: StravaActivity & Record<string, unknown> = {
  resource_state: 2,
  athlete: { id: 45473818, resource_state: 1 },
  name: 'Morning Ride',
  distance: 24_880.5,
  moving_time: 3_120,
  elapsed_time: 3_415,
  total_elevation_gain: 110,
  type: 'Ride',
  sport_type: 'Ride',
  id: 11_348_871_230,
  start_date: '2024-05-05T01:14:24Z',
  start_date_local: '2024-05-05T08:14:24Z',
  timezone: '(GMT+07:00) Asia/Jakarta',
  utc_offset: 25_200,
  average_watts: 118,
  kilojoules: 368.2,
  device_watts: true,
  has_heartrate: true,
  average_heartrate: 146.3,
  max_heartrate: 173,
  manual: false,
};

const page = (payload: unknown) => ({ resource: 'activities', payload });

describe('Strava normalize', () => {
  it('maps a ride to a workout, distance, moving minutes, energy and average heart rate', () => {
    const samples = normalize(page([ride]));
    const byKind = Object.fromEntries(samples.map((s) => [s.kind, s]));
    expect(Object.keys(byKind).sort()).toEqual([
      'active_calories_burned',
      'distance',
      'exercise_minutes',
      'heart_rate',
      'workout',
    ]);
    const start = Date.parse('2024-05-05T01:14:24Z');
    for (const s of samples) {
      expect(s).toMatchObject({
        start,
        end: start + 3_415_000,
        source: 'strava',
        originId: '11348871230',
        utcOffsetMin: 420,
        tz: 'Asia/Jakarta',
      });
    }
    expect(byKind.workout).toMatchObject({
      value: 56.92,
      unit: 'min',
      meta: {
        workout: { activity: 'cycling', distanceM: 24_880.5, energyKcal: 368, avgHeartRate: 146.3 },
        provenance: { name: 'Morning Ride', sportType: 'Ride', movingTimeS: 3_120 },
      },
    });
    expect(byKind.distance).toMatchObject({ value: 24_880.5, unit: 'm' });
    expect(byKind.exercise_minutes).toMatchObject({ value: 52, unit: 'min' });
    // A ride's kJ of work ≈ its kcal burned (Strava's own rule).
    expect(byKind.active_calories_burned).toMatchObject({ value: 368, unit: 'kcal' });
    expect(byKind.heart_rate).toMatchObject({ value: 146.3, unit: '/min' });
  });

  it('prefers DetailedActivity calories, and leaves out what an activity lacks', () => {
    const detailed = normalize(page([{ ...ride, calories: 702.4 }]));
    expect(detailed.find((s) => s.kind === 'active_calories_burned')!.value).toBe(702.4);

    const swim = normalize(
      page([
        {
          id: 7,
          name: 'Pool',
          distance: 1_500,
          moving_time: 1_800,
          elapsed_time: 2_100,
          sport_type: 'Swim',
          start_date: '2026-01-10T14:00:00Z',
          start_date_local: '2026-01-10T07:00:00Z',
          timezone: '(GMT-07:00) America/Denver',
          utc_offset: -25_200,
          has_heartrate: false,
        },
      ]),
    );
    expect(swim.map((s) => s.kind).sort()).toEqual(['distance', 'exercise_minutes', 'workout']);
    expect(swim[0]).toMatchObject({ utcOffsetMin: -420, tz: 'America/Denver' });
    expect(swim[0]!.meta!.workout).toEqual({ activity: 'swimming', distanceM: 1_500 });
  });

  it('reads the offset from the local start, falling back to utc_offset; skips unreadable activities', () => {
    const noLocal = normalize(page([{ ...ride, start_date_local: undefined, timezone: 'Mars/Olympus' }]));
    expect(noLocal[0]).toMatchObject({ utcOffsetMin: 420 });
    expect(noLocal[0]!.tz).toBeUndefined();
    expect(normalize(page([{ ...ride, start_date: 'yesterday' }]))).toEqual([]);
    expect(normalize({ resource: 'other', payload: [ride] })).toEqual([]);
    expect(normalize(page({ message: 'not a list' }))).toEqual([]);
  });

  it('names sports as the importer does', () => {
    expect(activityName('Run')).toBe('running');
    expect(activityName('VirtualRide')).toBe('cycling');
    expect(activityName('TrailRun')).toBe('running');
    expect(activityName('WeightTraining')).toBe('weight_training');
    expect(activityName(undefined)).toBe('workout');
  });
});

describe('Strava client', () => {
  const stub = (sizes: number[]) => {
    const calls: Record<string, string | number | undefined>[] = [];
    const http: ProviderHttp = {
      get: async <T>(_path: string, query?: Record<string, string | number | undefined>) => {
        calls.push(query ?? {});
        const size = sizes[Number(query?.page) - 1] ?? 0;
        return Array.from({ length: size }, (_, i) => ({ ...ride, id: i })) as T;
      },
      post: () => Promise.reject(new Error('Strava is read with GET')),
    };
    return { http, calls };
  };
  const context = (http: ProviderHttp, cursor: string | null = null) => ({
    http,
    from: Date.parse('2026-01-01T00:00:00Z'),
    to: Date.parse('2026-02-01T00:00:00Z'),
    cursor,
    timeZone: 'UTC',
    signal: new AbortController().signal,
  });

  it('pages until an empty page, even past a short one, 200 at a time between epoch seconds', async () => {
    const { http, calls } = stub([200, 150, 200]);
    const pages = [];
    for await (const p of sync(context(http))) pages.push(p);
    expect(pages.map((p) => (p.payload as unknown[]).length)).toEqual([200, 150, 200]);
    expect(pages.map((p) => p.cursor)).toEqual(['{"page":2}', '{"page":3}', '{"page":4}']);
    expect(calls).toHaveLength(4);
    expect(calls[0]).toEqual({ after: 1_767_225_600, before: 1_769_904_000, page: 1, per_page: 200 });
  });

  it('resumes at the saved page', async () => {
    const { http, calls } = stub([200, 200, 10]);
    const pages = [];
    for await (const p of sync(context(http, '{"page":3}'))) pages.push(p);
    expect(pages).toHaveLength(1);
    expect(calls.map((c) => c.page)).toEqual([3, 4]);
  });
});
