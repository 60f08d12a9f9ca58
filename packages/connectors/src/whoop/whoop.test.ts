import { describe, expect, it } from 'vitest';
import type { ProviderHttp } from '../types';
import { covers, sync } from './client';
import { normalize, offsetMinutes } from './normalize';

/** Records shaped as the WHOOP API v2 reference's examples. */
const cycle = {
  id: 93845,
  user_id: 10129,
  created_at: '2022-04-24T11:25:44.774Z',
  updated_at: '2022-04-24T14:25:44.774Z',
  start: '2022-04-24T02:25:44.774Z',
  end: '2022-04-24T10:25:44.774Z',
  timezone_offset: '-05:00',
  score_state: 'SCORED',
  score: { strain: 5.2951527, kilojoule: 8288.297, average_heart_rate: 68, max_heart_rate: 141 },
};
const sleep = {
  id: 'ecfc6a15-4661-442f-a9a4-f160dd7afae8',
  cycle_id: 93845,
  user_id: 10129,
  created_at: '2022-04-24T11:25:44.774Z',
  updated_at: '2022-04-24T14:25:44.774Z',
  start: '2022-04-24T02:25:44.774Z',
  end: '2022-04-24T10:25:44.774Z',
  timezone_offset: '-05:00',
  nap: false,
  score_state: 'SCORED',
  score: {
    stage_summary: {
      total_in_bed_time_milli: 30272735,
      total_awake_time_milli: 1403507,
      total_no_data_time_milli: 0,
      total_light_sleep_time_milli: 14905851,
      total_slow_wave_sleep_time_milli: 6630370,
      total_rem_sleep_time_milli: 5879573,
      sleep_cycle_count: 3,
      disturbance_count: 12,
    },
    sleep_needed: {
      baseline_milli: 27395716,
      need_from_sleep_debt_milli: 352230,
      need_from_recent_strain_milli: 208595,
      need_from_recent_nap_milli: -12312,
    },
    respiratory_rate: 16.11328125,
    sleep_performance_percentage: 98,
    sleep_consistency_percentage: 90,
    sleep_efficiency_percentage: 91.69533848,
  },
};
const recovery = {
  cycle_id: 93845,
  sleep_id: '123e4567-e89b-12d3-a456-426614174000',
  user_id: 10129,
  created_at: '2022-04-24T11:25:44.774Z',
  updated_at: '2022-04-24T14:25:44.774Z',
  score_state: 'SCORED',
  score: {
    user_calibrating: false,
    recovery_score: 44,
    resting_heart_rate: 64,
    hrv_rmssd_milli: 31.813562,
    spo2_percentage: 95.6875,
    skin_temp_celsius: 33.7,
  },
};
const workout = {
  id: 'ecfc6a15-4661-442f-a9a4-f160dd7afae8',
  user_id: 9012,
  created_at: '2022-04-24T11:25:44.774Z',
  updated_at: '2022-04-24T14:25:44.774Z',
  start: '2022-04-24T02:25:44.774Z',
  end: '2022-04-24T03:25:44.774Z',
  timezone_offset: '-05:00',
  sport_name: 'running',
  score_state: 'SCORED',
  score: {
    strain: 8.2463,
    average_heart_rate: 123,
    max_heart_rate: 146,
    kilojoule: 1569.34033203125,
    percent_recorded: 100,
    distance_meter: 1772.77035916,
    altitude_gain_meter: 46.64384460449,
    altitude_change_meter: -0.781372010707855,
    zone_durations: {
      zone_zero_milli: 300000,
      zone_one_milli: 600000,
      zone_two_milli: 900000,
      zone_three_milli: 900000,
      zone_four_milli: 600000,
      zone_five_milli: 300000,
    },
  },
};

const map = (resource: string, ...records: object[]) =>
  normalize({ resource, payload: { records, next_token: null } }, { timeZone: 'America/New_York' });

const START = Date.parse('2022-04-24T02:25:44.774Z');
const END = Date.parse('2022-04-24T10:25:44.774Z');

describe('WHOOP normalize', () => {
  it('maps a finished cycle’s kilojoules to calories in kcal', () => {
    expect(map('cycle', cycle)).toEqual([
      {
        kind: 'calories',
        value: 1981,
        unit: 'kcal',
        start: START,
        end: END,
        utcOffsetMin: -300,
        source: 'whoop',
        originId: 'cycle:93845',
      },
    ]);
    // The cycle under way has no end and a partial total.
    expect(map('cycle', { ...cycle, end: undefined })).toEqual([]);
    expect(map('cycle', { ...cycle, score_state: 'PENDING_SCORE', score: undefined })).toEqual([]);
  });

  it('sums light, slow-wave and REM sleep into time asleep, with the respiratory rate', () => {
    const [asleep, breathing] = map('sleep', sleep);
    expect(asleep).toMatchObject({
      kind: 'sleep_duration',
      value: (14905851 + 6630370 + 5879573) / 1000,
      unit: 's',
      start: START,
      end: END,
      utcOffsetMin: -300,
      originId: 'sleep:ecfc6a15-4661-442f-a9a4-f160dd7afae8',
    });
    expect(breathing).toMatchObject({ kind: 'respiratory_rate', value: 16.11328125, unit: '/min' });
    expect(map('sleep', { ...sleep, nap: true })[0]!.meta).toEqual({ provenance: { nap: true } });
    expect(map('sleep', { ...sleep, score_state: 'UNSCORABLE', score: undefined })).toEqual([]);
  });

  it('puts a recovery’s measures at the moment it was scored, skin temperature as a custom metric', () => {
    const samples = map('recovery', recovery);
    const at = Date.parse('2022-04-24T11:25:44.774Z');
    expect(samples.map((s) => [s.kind, s.value, s.unit])).toEqual([
      ['resting_heart_rate', 64, '/min'],
      ['heart_rate_variability', 31.813562, 'ms'],
      ['oxygen_saturation', 95.6875, '%'],
      ['custom', 33.7, 'Cel'],
    ]);
    for (const s of samples) {
      expect(s).toMatchObject({ start: at, tz: 'America/New_York', originId: 'cycle:93845' });
    }
    expect(samples[3]!.meta).toEqual({ name: 'Skin temperature' });
    // Before WHOOP 4.0 there is no SpO2 or skin temperature.
    const older = map('recovery', {
      ...recovery,
      score: { ...recovery.score, spo2_percentage: undefined, skin_temp_celsius: undefined },
    });
    expect(older.map((s) => s.kind)).toEqual(['resting_heart_rate', 'heart_rate_variability']);
  });

  it('maps a workout with its sport, energy, heart rate and distance', () => {
    const [w] = map('workout', workout);
    expect(w).toMatchObject({
      kind: 'workout',
      value: 60,
      unit: 'min',
      utcOffsetMin: -300,
      originId: 'workout:ecfc6a15-4661-442f-a9a4-f160dd7afae8',
      meta: {
        workout: { activity: 'running', energyKcal: 375.1, avgHeartRate: 123, distanceM: 1772.77035916 },
        provenance: { strain: 8.2463 },
      },
    });
    expect(map('workout', { ...workout, score_state: 'PENDING_SCORE', score: undefined })).toEqual([]);
    const unscorable = map('workout', {
      ...workout,
      sport_name: 'functional-fitness',
      score_state: 'UNSCORABLE',
      score: undefined,
    });
    expect(unscorable[0]!.meta).toEqual({ workout: { activity: 'functional_fitness' } });
  });

  it('reads WHOOP’s time zone designators', () => {
    expect(offsetMinutes('Z')).toBe(0);
    expect(offsetMinutes('+01:00')).toBe(60);
    expect(offsetMinutes('-05:30')).toBe(-330);
    expect(offsetMinutes('local')).toBeUndefined();
    expect(map('unknown', cycle)).toEqual([]);
  });
});

describe('WHOOP client', () => {
  it('reads cycle, sleep, recovery and workout with nextToken, 25 a page, and resumes from its cursor', async () => {
    const calls: { path: string; query: Record<string, string | number | undefined> }[] = [];
    const http: ProviderHttp = {
      get: async <T>(path: string, query: Record<string, string | number | undefined> = {}) => {
        calls.push({ path, query });
        const first = query.nextToken === undefined;
        return {
          records: [{}],
          ...(path === '/v2/activity/sleep' && first ? { next_token: 'p2' } : {}),
        } as T;
      },
      post: () => Promise.reject(new Error('WHOOP is read with GET')),
    };
    const context = {
      http,
      from: Date.parse('2026-01-01T00:00:00Z'),
      to: Date.parse('2026-01-08T00:00:00Z'),
      cursor: null,
      timeZone: 'UTC',
      signal: new AbortController().signal,
    };
    const pages = [];
    for await (const p of sync(context)) pages.push(p);
    expect(pages.map((p) => p.resource)).toEqual(['cycle', 'sleep', 'sleep', 'recovery', 'workout']);
    expect(calls.map((c) => c.path)).toEqual([
      '/v2/cycle',
      '/v2/activity/sleep',
      '/v2/activity/sleep',
      '/v2/recovery',
      '/v2/activity/workout',
    ]);
    expect(calls[0]!.query).toEqual({
      start: '2026-01-01T00:00:00.000Z',
      end: '2026-01-08T00:00:00.000Z',
      limit: 25,
      nextToken: undefined,
    });
    expect(calls[2]!.query.nextToken).toBe('p2');
    expect(pages.at(-1)!.cursor).toBeNull();

    calls.length = 0;
    const resumed = [];
    for await (const p of sync({ ...context, cursor: pages[1]!.cursor })) resumed.push(p);
    expect(calls.map((c) => [c.path, c.query.nextToken])).toEqual([
      ['/v2/activity/sleep', 'p2'],
      ['/v2/recovery', undefined],
      ['/v2/activity/workout', undefined],
    ]);
  });
});

describe('what a WHOOP sync covers', () => {
  it('records starting in the window; recoveries, stored at created_at, from a day in', () => {
    const window = { from: Date.parse('2026-11-19T00:00:00Z'), to: Date.parse('2026-11-22T12:00:00Z') };
    expect(covers({ ...window, timeZone: 'Europe/London' })).toEqual([
      { kinds: ['calories', 'sleep_duration', 'respiratory_rate', 'workout'], ...window },
      {
        kinds: ['resting_heart_rate', 'heart_rate_variability', 'oxygen_saturation', 'custom'],
        from: Date.parse('2026-11-20T00:00:00Z'),
        to: window.to,
      },
    ]);
    // A window shorter than a day covers no recovery.
    expect(covers({ from: window.to - 3_600_000, to: window.to, timeZone: 'UTC' })).toHaveLength(1);
  });
});
