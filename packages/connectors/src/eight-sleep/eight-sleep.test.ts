import { describe, expect, it } from 'vitest';
import type { RawPage } from '../types';
import { login, sync } from './client';
import { normalize } from './normalize';

/** A session shaped like pyEight's `user_intervals.json` fixture (trimmed). */
const session = {
  id: '1647832500',
  deviceTimeAtUpdate: '2022-03-21T15:59:00.000Z',
  ts: '2022-03-21T04:12:00.000Z',
  stages: [
    { stage: 'awake', duration: 1560 },
    { stage: 'rem', duration: 600 },
    { stage: 'light', duration: 1500 },
    { stage: 'out', duration: 60 },
    { stage: 'deep', duration: 540 },
    { stage: 'awake', duration: 300 },
    { stage: 'out', duration: 3000 },
  ],
  score: 79,
  timeseries: {
    tnt: [['2022-03-21T05:11:00.000Z', 1]],
    tempBedC: [['2022-03-21T04:00:00.000Z', 31.98]],
    respiratoryRate: [
      ['2022-03-21T04:00:00.000Z', 11.75],
      ['2022-03-21T05:00:00.000Z', 12.4],
    ],
    heartRate: [
      ['2022-03-21T04:30:00.000Z', 78],
      ['2022-03-21T04:45:00.000Z', 79.66666666666667],
      ['2022-03-21T05:00:00.000Z', 79],
    ],
    hrv: [
      ['2022-03-21T04:30:00.000Z', 46.44797273216221],
      ['2022-03-21T04:45:00.000Z', 34.1746443843108],
    ],
  },
  timezone: 'America/New_York',
  device: { id: '98c53f17408384ffd6329fd1', side: 'right' },
};

const page = (intervals: unknown[], next?: string): RawPage => ({
  resource: 'intervals',
  payload: { intervals, ...(next ? { next } : {}) },
  cursor: null,
});
const UTC = { timeZone: 'UTC' };

describe('Eight Sleep normalize', () => {
  it('maps a session as the export importer does: asleep minutes, nightly means, in-bed span', () => {
    const samples = normalize(page([session]), UTC);
    const start = Date.parse('2022-03-21T04:12:00.000Z');
    // In bed through the last stage before the trailing "out": 1560+600+1500+60+540+300 s.
    const end = start + 4560 * 1000;
    expect(samples).toEqual([
      {
        start,
        end,
        tz: 'America/New_York',
        source: 'eight_sleep',
        originId: '1647835920',
        kind: 'sleep_duration',
        value: 44,
        unit: 'min',
      },
      {
        start,
        end,
        tz: 'America/New_York',
        source: 'eight_sleep',
        originId: '1647835920',
        kind: 'heart_rate',
        value: 78.9,
        unit: '/min',
      },
      {
        start,
        end,
        tz: 'America/New_York',
        source: 'eight_sleep',
        originId: '1647835920',
        kind: 'heart_rate_variability',
        value: 40.3,
        unit: 'ms',
      },
      {
        start,
        end,
        tz: 'America/New_York',
        source: 'eight_sleep',
        originId: '1647835920',
        kind: 'respiratory_rate',
        value: 12.1,
        unit: '/min',
      },
    ]);
  });

  it('leaves out sessions still being recorded or without a start, and ends a stageless one at its last point', () => {
    expect(normalize(page([{ ...session, incomplete: true }]), UTC)).toEqual([]);
    expect(normalize(page([{ ...session, ts: undefined }]), UTC)).toEqual([]);
    const stageless = normalize(page([{ ...session, stages: [], timezone: 'Nowhere/Else' }]), {
      timeZone: 'Europe/Paris',
    });
    expect(stageless.map((s) => s.kind)).toEqual([
      'heart_rate',
      'heart_rate_variability',
      'respiratory_rate',
    ]);
    expect(stageless[0]).toMatchObject({ end: Date.parse('2022-03-21T05:11:00.000Z'), tz: 'Europe/Paris' });
    expect(normalize({ resource: 'trends', payload: { days: [] } }, UTC)).toEqual([]);
  });
});

describe('Eight Sleep sync', () => {
  const day = 86_400_000;
  const to = Date.parse('2026-11-22T12:00:00Z');
  /** 40 nights, newest first, ten a page; `next` names the page by its index. */
  const nights = Array.from({ length: 40 }, (_, i) => ({
    ...session,
    ts: new Date(to - (i + 1) * day).toISOString(),
  }));

  const run = async (from: number, cursor: string | null = null) => {
    const calls: string[] = [];
    const http = {
      get: async <T>(path: string, query?: Record<string, string | number | undefined>): Promise<T> => {
        calls.push(`${path}${query?.next ? `?next=${query.next}` : ''}`);
        if (path === '/v1/users/me') return { user: { userId: 'u1' } } as T;
        const p = Number(query?.next ?? 0);
        return {
          intervals: nights.slice(p * 10, (p + 1) * 10),
          ...(p < 3 ? { next: String(p + 1) } : {}),
        } as T;
      },
      post: async () => {
        throw new Error('no POST');
      },
    };
    const pages: RawPage[] = [];
    for await (const p of sync({
      http,
      from,
      to,
      cursor,
      timeZone: 'UTC',
      signal: new AbortController().signal,
    }))
      pages.push(p);
    return { calls, pages };
  };

  it('follows `next` until a page reaches past the start of the window', async () => {
    const { calls, pages } = await run(to - 15 * day);
    expect(calls).toEqual(['/v1/users/me', '/v1/users/u1/intervals', '/v1/users/u1/intervals?next=1']);
    expect(pages.map((p) => p.cursor)).toEqual([JSON.stringify({ next: '1' }), null]);
  });

  it('walks to the end of the history, and resumes from a saved cursor', async () => {
    expect((await run(0)).pages).toHaveLength(4);
    const resumed = await run(0, JSON.stringify({ next: '3' }));
    expect(resumed.calls).toEqual(['/v1/users/me', '/v1/users/u1/intervals?next=3']);
  });
});

describe('Eight Sleep login', () => {
  const recording = (status: number, body: unknown) => {
    const seen: { url: string; body: Record<string, string> }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      seen.push({ url, body: JSON.parse(String(init.body)) as Record<string, string> });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    return { seen, fetcher };
  };
  const granted = {
    access_token: 'a1',
    token_type: 'Bearer',
    expires_in: 86_400,
    refresh_token: 'r1',
    userId: 'u1',
  };

  it('uses the password grant at auth-api with the app client, keeping the refresh token', async () => {
    const { seen, fetcher } = recording(200, granted);
    const tokens = await login(
      { username: 'ada@example.com', password: 'pw' },
      {
        baseUrl: 'https://client-api.8slp.net',
        fetch: fetcher,
        now: 1_000,
        clientId: 'app-id',
        clientSecret: 'app-secret',
      },
    );
    expect(seen[0]).toEqual({
      url: 'https://auth-api.8slp.net/v1/tokens',
      body: {
        client_id: 'app-id',
        client_secret: 'app-secret',
        grant_type: 'password',
        username: 'ada@example.com',
        password: 'pw',
      },
    });
    expect(tokens).toEqual({
      accessToken: 'a1',
      refreshToken: 'r1',
      expiresAt: 1_000 + 86_400_000,
      extra: { userId: 'u1' },
    });
  });

  it('needs the app client for the real API, and signs in at a sandbox’s own base without one', async () => {
    const { seen, fetcher } = recording(200, granted);
    await expect(
      login(
        { username: 'a', password: 'b' },
        { baseUrl: 'https://client-api.8slp.net', fetch: fetcher, now: 0 },
      ),
    ).rejects.toThrow(/EIGHT_SLEEP_CLIENT_ID/);
    await login(
      { username: 'a', password: 'b' },
      { baseUrl: 'http://127.0.0.1:9/sandbox/eight_sleep', fetch: fetcher, now: 0 },
    );
    expect(seen[0]!.url).toBe('http://127.0.0.1:9/sandbox/eight_sleep/v1/tokens');
  });

  it('says a wrong password is a wrong password', async () => {
    const { fetcher } = recording(401, {
      status: 401,
      code: 'Unauthorized',
      error: 'Invalid username or password',
    });
    await expect(
      login({ username: 'a', password: 'secret-pw' }, { baseUrl: 'http://fake', fetch: fetcher, now: 0 }),
    ).rejects.toThrow('the email or password is wrong (Invalid username or password)');
  });
});
