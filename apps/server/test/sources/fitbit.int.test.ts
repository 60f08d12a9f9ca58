import { fitbit } from '@healthfolio/connectors';
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

describe.each(testDialects)('the Fitbit (Google Health API) connector against its fake on %s', (dialect) => {
  const clock = new FakeClock(NOW);
  let fake: RunningFake;
  let t: TestApp;
  let ada: Record<string, string>;
  let ben: Record<string, string>;
  /** The code and state of Ada's connection, used once already. */
  let used: { code: string; state: string };

  beforeAll(async () => {
    fake = await startFake(fitbit, { now: clock.now, clientId: 'test-client', clientSecret: 'test-secret' });
    t = await createTestApp(dialect, fakeEnv('fitbit', fake), { now: clock.now, insightDebounceMs: 60_000 });
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
  const metric = async (type: string, from: string, to: string) => {
    const res = await get(`/api/metrics?type=${type}&bucket=day&from=${from}&to=${to}&tz=America/New_York`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as { start: string; sum: number; avg: number; count: number }[];
  };

  it('asks Google for offline access with PKCE and the Google Health read scopes', async () => {
    const source = ((await get('/api/data-sources')).json().data.items as DataSource[]).find(
      (s) => s.kind === 'fitbit',
    );
    expect(source).toMatchObject({ status: 'disconnected', configured: true, connectMethod: 'oauth' });
    const res = await get('/api/integrations/oauth/fitbit');
    const url = new URL(res.json().data.url);
    expect(url.pathname).toBe('/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'test-client',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
      scope: [
        'https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly',
        'https://www.googleapis.com/auth/googlehealth.health_metrics_and_measurements.readonly',
        'https://www.googleapis.com/auth/googlehealth.sleep.readonly',
      ].join(' '),
    });
  });

  it('connects through the consent page and syncs a year: day windows, sleep 25 to a page', async () => {
    const startedAt = performance.now();
    const { source, code, state } = await connectThroughConsent(t, ada, 'fitbit');
    used = { code, state };
    expect(['syncing', 'connected']).toContain(source.status);
    await t.syncRunner.idle();
    const elapsed = performance.now() - startedAt;
    const status = await syncStatus(t, ada, 'fitbit');
    expect(status).toMatchObject({ state: 'idle', status: 'connected', error: null });
    // 61 six-day windows of steps and of distance, 366 days of heart rate, 16 pages of sleep, 2 more.
    expect(status.progress.pages).toBe(61 + 61 + 366 + 1 + 16 + 1);

    const stats = await syncStats(t, ada, 'fitbit');
    const count = (kind: string) => stats.metrics.find((m) => m.metric === kind)?.samples ?? 0;
    expect(count('sleep_duration')).toBeGreaterThan(25 * 14); // only reachable through pageToken
    expect(count('resting_heart_rate')).toBeGreaterThanOrEqual(365);
    expect(count('weight')).toBeGreaterThan(120);
    expect(count('steps')).toBeGreaterThan(365 * 10);
    expect(count('distance')).toBe(count('steps'));
    expect(count('heart_rate')).toBeGreaterThan(100_000);
    const run = stats.history[0]!;
    expect(run).toMatchObject({ status: 'succeeded' });
    expect(run.requests).toBe(fake.control.requests!());
    console.log(
      `[figures] fitbit (Google Health API) sandbox, one year (${dialect}): ${Math.round(elapsed)} ms, ` +
        `${run.requests} requests, ${run.inserted} samples written`,
    );
  }, 180_000);

  it('maps units: steps summed per 15 minutes, millimetres to metres, minutes asleep to hours, grams to kg', async () => {
    const steps = await metric('steps', '2026-11-01', '2026-11-20');
    const distance = await metric('distance', '2026-11-01', '2026-11-20');
    expect(steps).toHaveLength(20);
    for (const [i, day] of steps.entries()) {
      expect(day.sum).toBeGreaterThan(3_000);
      expect(day.sum).toBeLessThan(20_000);
      expect(distance[i]!.sum / day.sum).toBeCloseTo(0.74, 3);
    }
    const sleep = await metric('sleep_duration', '2026-11-01', '2026-11-21');
    expect(sleep.length).toBeGreaterThan(15);
    for (const night of sleep) {
      expect(night.sum).toBeGreaterThan(4.5);
      expect(night.sum).toBeLessThan(10);
    }
    const weight = await metric('weight', '2026-10-01', '2026-11-21');
    for (const w of weight) {
      expect(w.avg).toBeGreaterThan(72);
      expect(w.avg).toBeLessThan(80);
    }
    const resting = await metric('resting_heart_rate', '2026-11-01', '2026-11-21');
    for (const d of resting) {
      expect(d.avg).toBeGreaterThan(50);
      expect(d.avg).toBeLessThan(66);
    }
    const heart = await metric('heart_rate', '2026-11-01', '2026-11-21');
    // Readings averaged per minute: 288 five-minute readings a day, some minutes with two.
    // (1 November 2026 is the 25-hour day New York leaves summer time.)
    for (const d of heart) {
      expect(d.count).toBe(d.start.startsWith('2026-11-01') ? 300 : 288);
      expect(d.avg).toBeGreaterThan(55);
    }
  });

  it('syncs only what changed on the next sync, and a re-sync adds nothing', async () => {
    const before = fake.control.requests!();
    const incremental = await syncNow(t, ada, 'fitbit');
    // Two days back: a window of steps and of distance, three days of heart rate, one page of the rest.
    expect(fake.control.requests!() - before).toBe(8);
    expect(incremental.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    const again = await syncNow(t, ada, 'fitbit', 30);
    expect(again.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    expect(again.history[0]!.samples).toBeGreaterThan(8_000);
  });

  it('refreshes an expired access token and goes on', async () => {
    fake.control.expireTokens!();
    const stats = await syncNow(t, ada, 'fitbit', 2);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    expect((await syncStatus(t, ada, 'fitbit')).status).toBe('connected');
  });

  it('waits out a 429 with Retry-After and finishes the sync', async () => {
    fake.control.rateLimitEvery!(3);
    const before = fake.control.requests!();
    const stats = await syncNow(t, ada, 'fitbit', 1);
    fake.control.rateLimitEvery!(0);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    const answered = fake.control.requests!() - before;
    expect(answered).toBe(7);
    expect(stats.history[0]!.requests).toBeGreaterThanOrEqual(answered + Math.floor(answered / 2));
  });

  it('refuses a forged, replayed or foreign state on the callback', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/oauth/callback',
      headers: ada,
      payload: { code: 'whatever', state: 'forged-state-value' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toMatch(/expired or already used/);

    const res = await get('/api/integrations/oauth/fitbit', ben);
    const state = new URL(res.json().data.url).searchParams.get('state')!;
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/oauth/callback',
      headers: ada,
      payload: { code: 'whatever', state },
    });
    expect(foreign.statusCode).toBe(400);

    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/oauth/callback',
      headers: ada,
      payload: used,
    });
    expect(replay.statusCode).toBe(400);
  });

  it('puts the source in error and asks to reconnect when Google refuses the refresh token', async () => {
    fake.control.revokeGrants!();
    fake.control.expireTokens!();
    await syncNow(t, ada, 'fitbit', 1);
    const status = await syncStatus(t, ada, 'fitbit');
    expect(status.status).toBe('error');
    expect(status.error).toMatch(/Connect Fitbit again/);
  });

  it('revokes at Google on disconnect, keeping the data unless asked to delete it', async () => {
    const kept = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/fitbit/disconnect',
      headers: ada,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({
      deletedSamples: 0,
      revoked: true,
      source: { status: 'disconnected' },
    });
    expect((await metric('steps', '2026-11-01', '2026-11-21')).length).toBe(21);

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/data-sources/fitbit/disconnect',
      headers: ada,
      payload: { deleteData: true },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.deletedSamples).toBeGreaterThan(100_000);
    expect(await metric('steps', '2026-11-01', '2026-11-21')).toEqual([]);
  });
});
