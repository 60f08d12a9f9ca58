import { describe, expect, it } from 'vitest';
import type { ProviderHttp, RawPage } from '../types';
import { login, sync } from './client';
import { normalize } from './normalize';

/** A finished ride as `GET /api/user/{id}/workouts?joins=ride,ride.instructor` lists it. */
const ride = {
  created_at: 1_700_000_000,
  device_type: 'home_bike_v1',
  end_time: 1_700_001_850,
  fitness_discipline: 'cycling',
  id: 'f9a0c1e2d3b4a5968778695a4b3c2d1e',
  start_time: 1_700_000_020,
  status: 'COMPLETE',
  timezone: 'Europe/London',
  total_work: 261_000,
  ride: {
    title: '30 min Pop Ride',
    duration: 1800,
    instructor: { name: 'Jordan Reyes' },
  },
};

/** Its `GET /api/workout/{id}/performance_graph` answer, for an account set to kilometres. */
const graph = {
  duration: 1800,
  average_summaries: [{ display_name: 'Avg Output', display_unit: 'watts', value: 145, slug: 'avg_output' }],
  summaries: [
    { display_name: 'Total Output', display_unit: 'kj', value: 261, slug: 'total_output' },
    { display_name: 'Distance', display_unit: 'km', value: 14.8, slug: 'distance' },
    { display_name: 'Calories', display_unit: 'kcal', value: 330, slug: 'calories' },
  ],
  metrics: [
    { display_name: 'Output', slug: 'output', display_unit: 'watts', average_value: 145, values: [140, 150] },
    { display_name: 'Heart Rate', slug: 'heart_rate', display_unit: 'bpm', average_value: 141.4, values: [] },
  ],
};

const page = (data: unknown[]): RawPage => ({ resource: 'workouts', payload: { data }, cursor: null });
const UTC = { timeZone: 'UTC' };

describe('Peloton normalize', () => {
  it('maps a finished ride to a workout and its minutes, calories, metres and heart rate', () => {
    const samples = normalize(page([{ ...ride, performance_graph: graph }]), UTC);
    expect(samples.map((s) => s.kind)).toEqual([
      'workout',
      'exercise_minutes',
      'active_calories_burned',
      'distance',
      'heart_rate',
    ]);
    for (const s of samples) {
      expect(s).toMatchObject({
        start: 1_700_000_020_000,
        end: 1_700_001_850_000,
        tz: 'Europe/London',
        source: 'peloton',
        originId: ride.id,
      });
    }
    expect(samples[0]).toMatchObject({
      value: 30.5,
      unit: 'min',
      meta: {
        workout: { activity: 'cycling', distanceM: 14_800, energyKcal: 330, avgHeartRate: 141.4 },
        provenance: {
          title: '30 min Pop Ride',
          instructor: 'Jordan Reyes',
          classLengthMin: 30,
          totalOutputKj: 261,
        },
      },
    });
    expect(samples[2]).toMatchObject({ value: 330, unit: 'kcal' });
    expect(samples[3]).toMatchObject({ value: 14_800, unit: 'm' });
    expect(samples[4]).toMatchObject({ value: 141.4, unit: '/min' });
  });

  it('reads miles as miles, and a ride without a graph takes its output as calories', () => {
    const miles = { ...graph, summaries: [{ slug: 'distance', display_unit: 'mi', value: 10 }] };
    const [workout] = normalize(page([{ ...ride, performance_graph: miles }]), UTC);
    expect(workout!.meta!.workout).toMatchObject({ distanceM: 16_093.4, energyKcal: 261 });
    const bare = normalize(page([ride]), UTC);
    expect(bare.map((s) => s.kind)).toEqual(['workout', 'exercise_minutes', 'active_calories_burned']);
    expect(bare[2]).toMatchObject({ value: 261 });
  });

  it('skips workouts in progress, keeps meditation out of exercise minutes, and falls back to the profile zone', () => {
    const live = { ...ride, status: 'IN_PROGRESS', end_time: null };
    expect(normalize(page([live]), UTC)).toEqual([]);
    const meditation = {
      ...ride,
      fitness_discipline: 'meditation',
      total_work: 0,
      timezone: 'Not/AZone',
      performance_graph: { summaries: [{ slug: 'calories', display_unit: 'kcal', value: 12 }] },
    };
    const samples = normalize(page([meditation]), { timeZone: 'America/Chicago' });
    expect(samples.map((s) => s.kind)).toEqual(['workout', 'active_calories_burned']);
    expect(samples[0]).toMatchObject({ tz: 'America/Chicago' });
    expect(normalize({ resource: 'other', payload: { data: [ride] } }, UTC)).toEqual([]);
    expect(normalize({ resource: 'workouts', payload: {} }, UTC)).toEqual([]);
  });
});

describe('Peloton sync', () => {
  const DAY = 86_400;
  const to = 1_700_000_000_000;
  /** 120 workouts, one a day, newest first, in pages of 50. */
  const all = Array.from({ length: 120 }, (_, i) => ({
    ...ride,
    id: `w${i}`,
    created_at: to / 1000 - (i + 1) * DAY,
    start_time: to / 1000 - (i + 1) * DAY,
    end_time: to / 1000 - (i + 1) * DAY + 1800,
  }));

  function stub(calls: string[]): ProviderHttp {
    // Not a literal in the return: the stub stays valid whether or not ProviderHttp has `post`.
    const http = {
      get: async <T>(path: string, query?: Record<string, string | number | undefined>) => {
        calls.push(`${path}${query?.page !== undefined ? `?page=${query.page}` : ''}`);
        if (path === '/api/me') return { id: 'me1' } as T;
        if (path === '/api/user/me1/workouts') {
          const p = Number(query!.page);
          return {
            data: all.slice(p * 50, (p + 1) * 50),
            page: p,
            page_count: Math.ceil(all.length / 50),
            total: all.length,
            limit: 50,
          } as T;
        }
        return { summaries: [{ slug: 'calories', display_unit: 'kcal', value: 1 }] } as T;
      },
      post: async () => {
        throw new Error('no POST');
      },
    };
    return http;
  }

  const run = async (from: number, cursor: string | null = null) => {
    const calls: string[] = [];
    const pages: RawPage[] = [];
    for await (const p of sync({
      http: stub(calls),
      from,
      to,
      cursor,
      timeZone: 'UTC',
      signal: new AbortController().signal,
    })) {
      pages.push(p);
    }
    return { calls, pages };
  };

  it('walks the pages newest first until one reaches past the window, graphing only its workouts', async () => {
    const { calls, pages } = await run(to - 60 * DAY * 1000);
    expect(pages).toHaveLength(2);
    expect(pages.map((p) => p.cursor)).toEqual([JSON.stringify({ page: 1 }), null]);
    const kept = pages.flatMap(
      (p) => (p.payload as { data: { id: string; performance_graph?: unknown }[] }).data,
    );
    expect(kept).toHaveLength(60);
    expect(kept.every((w) => w.performance_graph)).toBe(true);
    expect(calls.filter((c) => c.includes('performance_graph'))).toHaveLength(60);
    expect(calls.filter((c) => c.includes('/workouts'))).toEqual([
      '/api/user/me1/workouts?page=0',
      '/api/user/me1/workouts?page=1',
    ]);
  });

  it('resumes at the page after the saved cursor and ends on the last page', async () => {
    const { calls, pages } = await run(to - 400 * DAY * 1000, JSON.stringify({ page: 2 }));
    expect(calls.filter((c) => c.includes('/workouts'))).toEqual(['/api/user/me1/workouts?page=2']);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.cursor).toBeNull();
  });
});

describe('Peloton login', () => {
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    (async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      })) as unknown as typeof fetch;

  it('keeps the session as a cookie, never the password', async () => {
    const tokens = await login(
      { username: 'ada', password: 'pw-123' },
      {
        baseUrl: 'https://api.onepeloton.com',
        now: 0,
        fetch: answer(200, { session_id: 's1', user_id: 'u1' }),
      },
    );
    expect(tokens).toEqual({
      accessToken: 'peloton_session_id=s1',
      tokenType: 'cookie',
      extra: { userId: 'u1' },
    });
    const fromCookie = await login(
      { username: 'ada', password: 'pw-123' },
      {
        baseUrl: 'https://api.onepeloton.com',
        now: 0,
        fetch: answer(200, { user_id: 'u1' }, { 'set-cookie': 'peloton_session_id=s2; Path=/; HttpOnly' }),
      },
    );
    expect(fromCookie.accessToken).toBe('peloton_session_id=s2');
  });

  it('says why Peloton refused, without the password', async () => {
    const refused = login(
      { username: 'ada', password: 'pw-123' },
      {
        baseUrl: 'https://api.onepeloton.com',
        now: 0,
        fetch: answer(401, { status: 401, error_code: 3010, message: 'Login failed', details: null }),
      },
    );
    await expect(refused).rejects.toThrow('the email or password is wrong (Login failed)');
    await expect(
      login({ username: 'a', password: 'b' }, { baseUrl: 'https://x', now: 0, fetch: answer(503, {}) }),
    ).rejects.toThrow('Peloton answered 503');
    const unreachable = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(
      login({ username: 'a', password: 'b' }, { baseUrl: 'https://x', now: 0, fetch: unreachable }),
    ).rejects.toThrow('Peloton could not be reached');
  });
});
