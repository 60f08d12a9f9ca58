import { strava } from '@healthfolio/connectors';
import type { DataSource } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, FakeClock, signIn } from '../identity/helpers';
import {
  connectThroughConsent,
  fakeEnv,
  startFake,
  syncNow,
  syncStats,
  syncStatus,
  type RunningFake,
} from './helpers';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const DAY_MS = 86_400_000;

interface Activity {
  id: string;
  name: string | null;
  type: string;
  sportType: string | null;
  start: string;
  end: string;
  distanceM: number | null;
  elapsedMinutes: number;
  movingMinutes: number | null;
  calories: number | null;
  avgHeartRate: number | null;
}

describe.each(testDialects)('the Strava connector against its fake on %s', (dialect) => {
  const clock = new FakeClock(NOW);
  let fake: RunningFake;
  let t: TestApp;
  let ada: Record<string, string>;
  let ben: Record<string, string>;

  beforeAll(async () => {
    fake = await startFake(strava, { now: clock.now, clientId: 'test-client', clientSecret: 'test-secret' });
    t = await createTestApp(dialect, fakeEnv('strava', fake), { now: clock.now, insightDebounceMs: 60_000 });
    await createUser(t, 'ada@example.com');
    await createUser(t, 'ben@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const get = (url: string, auth = ada) => t.app.inject({ method: 'GET', url, headers: auth });
  const activities = async (query = '') => {
    const res = await get(`/api/integrations/strava/activities${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { days: number; items: Activity[] };
  };
  const metric = async (type: string, from: string, to: string) => {
    const res = await get(`/api/metrics?type=${type}&bucket=day&from=${from}&to=${to}&tz=UTC`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as { start: string; sum: number; avg: number; count: number }[];
  };

  it('lists Strava as configured, with its comma-separated scopes in the consent URL', async () => {
    const source = ((await get('/api/data-sources')).json().data.items as DataSource[]).find(
      (s) => s.kind === 'strava',
    );
    expect(source).toMatchObject({ status: 'disconnected', configured: true, connectMethod: 'oauth' });
    const res = await get('/api/integrations/oauth/strava');
    const consent = new URL(res.json().data.url);
    expect(consent.pathname).toBe('/oauth/authorize');
    expect(consent.searchParams.get('scope')).toBe('read,activity:read_all');
    expect(consent.searchParams.get('approval_prompt')).toBe('auto');
  });

  it('connects through the consent page and syncs a year of activities in two pages', async () => {
    const started = performance.now();
    const { source } = await connectThroughConsent(t, ada, 'strava');
    expect(['syncing', 'connected']).toContain(source.status);
    await t.syncRunner.idle();
    const seconds = (performance.now() - started) / 1000;
    const status = await syncStatus(t, ada, 'strava');
    expect(status).toMatchObject({ state: 'idle', status: 'connected', error: null });
    expect(status.progress.pages).toBe(2); // ~300 activities at 200 a page

    const stats = await syncStats(t, ada, 'strava');
    const count = (kind: string) => stats.metrics.find((m) => m.metric === kind)?.samples ?? 0;
    expect(count('workout')).toBeGreaterThan(250);
    expect(count('exercise_minutes')).toBe(count('workout'));
    expect(count('distance')).toBeGreaterThan(200);
    expect(count('heart_rate')).toBeGreaterThan(200);
    expect(count('active_calories_burned')).toBeGreaterThan(40); // rides with power only
    const run = stats.history[0]!;
    expect(run).toMatchObject({ status: 'succeeded' });
    // Two full pages, then the empty page that ends Strava's list.
    expect(run.requests).toBe(3);
    expect(run.requests).toBe(fake.control.requests!());
    console.info(
      `Strava sandbox, one-year first sync: ${seconds.toFixed(2)} s, ${run.requests} requests, ` +
        `${run.samples} samples written (${count('workout')} activities)`,
    );
  });

  it('answers the stored activities of the last 30 days by default, newest first', async () => {
    const month = await activities();
    expect(month.days).toBe(30);
    expect(month.items.length).toBeGreaterThan(18);
    expect(month.items.length).toBeLessThan(32);
    const starts = month.items.map((a) => Date.parse(a.start));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(NOW - 30 * DAY_MS);
    const week = await activities('?days=7');
    expect(week.items.length).toBeLessThan(month.items.length);
    expect((await get('/api/integrations/strava/activities?days=0')).statusCode).toBe(400);
  });

  it('maps units: metres, moving minutes, ride kilojoules as kcal, average heart rate, local offsets', async () => {
    const { items } = await activities('?days=365');
    const longRun = items.find((a) => a.name === 'Long Run')!;
    expect(longRun).toMatchObject({ type: 'running', sportType: 'Run' });
    expect(longRun.distanceM).toBeGreaterThan(17_000);
    expect(longRun.movingMinutes!).toBeLessThanOrEqual(longRun.elapsedMinutes);
    // ~11 km/h: metres over moving minutes.
    expect(longRun.distanceM! / 1000 / (longRun.movingMinutes! / 60)).toBeGreaterThan(9.5);
    expect(longRun.avgHeartRate).toBeGreaterThan(130);
    expect(longRun.calories).toBeNull(); // Strava's list has no calories for runs
    const ride = items.find((a) => a.sportType === 'Ride')!;
    expect(ride.type).toBe('cycling');
    expect(ride.calories).toBeGreaterThan(500);
    const swim = items.find((a) => a.type === 'swimming')!;
    expect(swim.avgHeartRate).toBeNull();
    // Denver: -07:00 in November, -06:00 under daylight saving.
    expect(items.find((a) => a.start.startsWith('2026-11'))!.start).toMatch(/-07:00$/);
    expect(items.find((a) => a.start.startsWith('2026-07'))!.start).toMatch(/-06:00$/);

    const distance = await metric('distance', '2026-10-01', '2026-10-31');
    expect(distance.reduce((sum, d) => sum + d.sum, 0) / 1000).toBeGreaterThan(200);
    const minutes = await metric('exercise_minutes', '2026-10-01', '2026-10-31');
    for (const day of minutes) expect(day.sum).toBeLessThan(300);
  });

  it('syncs only what changed on the next sync; new activities arrive; a re-sync of the year adds nothing', async () => {
    const before = fake.control.requests!();
    const incremental = await syncNow(t, ada, 'strava');
    expect(fake.control.requests!() - before).toBe(2); // one page of two days, then the empty page
    expect(incremental.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });

    // Three days later (the six-hour token has expired meanwhile, so this also refreshes it).
    clock.advance(3 * DAY_MS);
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
    const later = await syncNow(t, ada, 'strava');
    expect(later.history[0]).toMatchObject({ status: 'succeeded' });
    expect(later.history[0]!.inserted).toBeGreaterThan(0);

    const again = await syncNow(t, ada, 'strava', 365);
    expect(again.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    expect(again.history[0]!.samples).toBeGreaterThan(1_000);
  });

  it('refreshes an expired access token and goes on', async () => {
    fake.control.expireTokens!();
    const stats = await syncNow(t, ada, 'strava', 3);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    expect((await syncStatus(t, ada, 'strava')).status).toBe('connected');
  });

  it('waits out a 429 and finishes the sync', async () => {
    fake.control.rateLimitEvery!(2);
    const before = fake.control.requests!();
    const stats = await syncNow(t, ada, 'strava', 365);
    fake.control.rateLimitEvery!(0);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    const answered = fake.control.requests!() - before;
    expect(answered).toBe(3);
    expect(stats.history[0]!.requests).toBeGreaterThanOrEqual(2 * answered - 1);
  });

  it('refuses a forged or replayed state on the callback', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/oauth/callback',
      headers: ada,
      payload: { code: 'whatever', state: 'forged-state-value' },
    });
    expect(forged.statusCode).toBe(400);
    const { state, code } = await connectThroughConsent(t, ben, 'strava');
    await t.syncRunner.idle();
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/oauth/callback',
      headers: ben,
      payload: { code, state },
    });
    expect(replay.statusCode).toBe(400);
  });

  it('puts the source in error and asks to reconnect when Strava refuses the refresh token', async () => {
    fake.control.revokeGrants!();
    fake.control.expireTokens!();
    await syncNow(t, ada, 'strava', 2);
    const status = await syncStatus(t, ada, 'strava');
    expect(status.status).toBe('error');
    expect(status.error).toMatch(/Connect Strava again/);
  });

  it('disconnects, deauthorizing at Strava and keeping the data unless asked to delete it', async () => {
    const kept = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/strava/disconnect',
      headers: ben,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({
      deletedSamples: 0,
      revoked: true,
      source: { status: 'disconnected' },
    });
    expect((await syncStats(t, ben, 'strava')).metrics.length).toBeGreaterThan(0);

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/data-sources/strava/disconnect',
      headers: ada,
      payload: { deleteData: true },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.deletedSamples).toBeGreaterThan(1_000);
    expect((await activities('?days=365')).items).toEqual([]);
  });
});
