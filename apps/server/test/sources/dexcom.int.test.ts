import { dexcom } from '@healthfolio/connectors';
import type { DataSource } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glucoseStatistics } from '../../src/modules/sources/providers/dexcom.routes';
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

describe('Dexcom glucose statistics', () => {
  it('computes mean, GMI, SD, CV and the consensus ranges on known numbers', () => {
    const values = [40, 50, 60, 70, 100, 150, 180, 200, 260, 300];
    const stats = glucoseStatistics(
      values.map((value, i) => ({ value, localDay: 20_000 + (i % 3) })),
      14,
    );
    expect(stats).toEqual({
      days: 14,
      unit: 'mg/dL',
      readings: 10,
      daysCovered: 3,
      mean: 141, // 1410 / 10
      gmi: 6.7, // 3.31 + 0.02392 × 141 = 6.683
      sd: 92.1, // √(76 290 / 9)
      cv: 65.3, // 92.07 / 141 × 100
      stable: false,
      timeInRange: 40, // 70, 100, 150, 180: both bounds are in range
      timeBelow70: 30, // 40, 50, 60
      timeBelow54: 20, // 40, 50
      timeAbove180: 30, // 200, 260, 300
      timeAbove250: 20, // 260, 300
    });
  });

  it('matches Bergenstal’s table (154 mg/dL → 7.0 %), calls a flat trace stable, and answers nulls for no data', () => {
    const flat = glucoseStatistics(
      [154, 154, 154].map((value) => ({ value, localDay: 1 })),
      1,
    );
    expect(flat).toMatchObject({ mean: 154, gmi: 7, sd: 0, cv: 0, stable: true, timeInRange: 100 });
    expect(glucoseStatistics([], 14)).toMatchObject({
      readings: 0,
      daysCovered: 0,
      mean: null,
      gmi: null,
      cv: null,
    });
  });
});

describe.each(testDialects)('the Dexcom connector against its fake on %s', (dialect) => {
  const clock = new FakeClock(NOW);
  let fake: RunningFake;
  let t: TestApp;
  let ada: Record<string, string>;
  let ben: Record<string, string>;

  beforeAll(async () => {
    fake = await startFake(dexcom, { now: clock.now, clientId: 'test-client', clientSecret: 'test-secret' });
    t = await createTestApp(dialect, fakeEnv('dexcom', fake), { now: clock.now, insightDebounceMs: 60_000 });
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

  it('lists Dexcom as configured and disconnected before anything happens', async () => {
    const source = ((await get('/api/data-sources')).json().data.items as DataSource[]).find(
      (s) => s.kind === 'dexcom',
    )!;
    expect(source).toMatchObject({ status: 'disconnected', configured: true, connectMethod: 'oauth' });
    const integrations = (await get('/api/integrations')).json().data.items;
    expect(integrations.find((i: { kind: string }) => i.kind === 'dexcom')).toMatchObject({
      configured: true,
      scopes: ['offline_access'],
      env: ['DEXCOM_CLIENT_ID', 'DEXCOM_CLIENT_SECRET', 'DEXCOM_BASE_URL'],
    });
  });

  it('connects through the consent page and syncs a year in 30-day windows', async () => {
    const started = performance.now();
    const { source } = await connectThroughConsent(t, ada, 'dexcom');
    expect(['syncing', 'connected']).toContain(source.status);
    await t.syncRunner.idle();
    const seconds = (performance.now() - started) / 1000;
    const status = await syncStatus(t, ada, 'dexcom');
    expect(status).toMatchObject({ state: 'idle', status: 'connected', error: null });
    expect(status.progress.pages).toBe(13); // 365 days in windows of at most 30

    const stats = await syncStats(t, ada, 'dexcom');
    const glucose = stats.metrics.find((m) => m.metric === 'blood_glucose')!;
    // 288 readings a day, less sensor warm-ups and signal losses.
    expect(glucose.samples).toBeGreaterThan(365 * 288 * 0.95);
    expect(glucose.samples).toBeLessThan(365 * 288);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded', requests: 14 }); // dataRange + 13 windows
    expect(stats.history[0]!.requests).toBe(fake.control.requests!());
    console.info(
      `[dexcom ${dialect}] one-year sync: ${seconds.toFixed(1)} s, ${stats.history[0]!.requests} requests, ` +
        `${stats.history[0]!.inserted} samples written`,
    );
  }, 60_000);

  it('stores mg/dL readings at their instants with the offsets the devices displayed', async () => {
    const rows = await t.db.kysely
      .selectFrom('samples')
      .select(['start_at', 'utc_offset_min', 'value', 'unit', 'device', 'meta'])
      .where('kind', '=', 'blood_glucose')
      .orderBy('start_at')
      .execute();
    const at = (iso: string) => rows.find((r) => Number(r.start_at) >= Date.parse(iso))!;
    // A G6 receiver in July (bare times, New York summer time) and a G7 phone in November (winter time).
    expect(at('2026-07-15T12:00:00Z')).toMatchObject({ utc_offset_min: -240, device: 'receiver G6' });
    expect(at('2026-11-15T12:00:00Z')).toMatchObject({ utc_offset_min: -300, device: 'iOS G7' });
    for (const r of rows.slice(0, 5000)) {
      expect(r.unit).toBe('mg/dL');
      expect(r.value).toBeGreaterThanOrEqual(40);
      expect(r.value).toBeLessThanOrEqual(400);
    }
    expect(JSON.parse(rows[0]!.meta!).provenance.trend).toMatch(/^(flat|fortyFive|single|double)/);
  });

  it('answers the last 14 days of readings, newest first, with their trend arrows', async () => {
    const res = await get('/api/integrations/dexcom/glucose');
    expect(res.statusCode, res.body).toBe(200);
    const { days, items } = res.json().data as {
      days: number;
      items: { time: string; value: number; unit: string; trend: string | null }[];
    };
    expect(days).toBe(14);
    expect(items.length).toBeGreaterThan(14 * 288 * 0.9);
    expect(items.length).toBeLessThanOrEqual(14 * 288);
    expect(Date.parse(items[0]!.time)).toBeGreaterThan(NOW - 2 * 3600_000); // held back about an hour
    expect(Date.parse(items.at(-1)!.time)).toBeGreaterThan(NOW - 14 * DAY_MS);
    for (let i = 1; i < items.length; i++) expect(items[i]!.time < items[i - 1]!.time).toBe(true);
    expect(items[0]).toMatchObject({ unit: 'mg/dL', trend: expect.any(String) });

    const one = (await get('/api/integrations/dexcom/glucose?days=1')).json().data.items;
    expect(one.length).toBeGreaterThan(200);
    expect(one.length).toBeLessThanOrEqual(288);
    expect((await get('/api/integrations/dexcom/glucose?days=0')).statusCode).toBe(400);
    expect((await get('/api/integrations/dexcom/glucose', ben)).json().data.items).toEqual([]);
  });

  it('computes the statistics from the stored readings', async () => {
    const res = await get('/api/integrations/dexcom/statistics');
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json().data;
    const readings = (await get('/api/integrations/dexcom/glucose')).json().data.items as { value: number }[];
    expect(stats.readings).toBe(readings.length);
    expect(stats.days).toBe(14);
    expect(stats.daysCovered).toBeGreaterThanOrEqual(14);
    expect(stats.daysCovered).toBeLessThanOrEqual(15); // a window of 14 × 24 h touches 15 local days
    const mean = readings.reduce((a, r) => a + r.value, 0) / readings.length;
    expect(stats.mean).toBeCloseTo(mean, 1);
    expect(stats.gmi).toBeCloseTo(3.31 + 0.02392 * mean, 1);
    // The sandbox person: a well-managed type 1 diabetes.
    expect(stats.mean).toBeGreaterThan(120);
    expect(stats.mean).toBeLessThan(175);
    expect(stats.timeInRange).toBeGreaterThan(55);
    expect(stats.timeInRange + stats.timeBelow70 + stats.timeAbove180).toBeCloseTo(100, 0);
    expect(stats.timeBelow54).toBeLessThanOrEqual(stats.timeBelow70);
    expect(stats.timeAbove250).toBeLessThanOrEqual(stats.timeAbove180);
    expect(stats.cv).toBeGreaterThan(15);
    expect(stats.cv).toBeLessThan(45);
    const ninety = (await get('/api/integrations/dexcom/statistics?days=90')).json().data;
    expect(ninety.readings).toBeGreaterThan(80 * 288);
  });

  it('syncs only what changed on the next sync, and a re-sync of 90 days adds nothing', async () => {
    const before = fake.control.requests!();
    const incremental = await syncNow(t, ada, 'dexcom');
    expect(fake.control.requests!() - before).toBe(2); // dataRange + the last two days in one window
    expect(incremental.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });

    // Half an hour later, the readings that passed Dexcom's delay meanwhile arrive.
    clock.advance(30 * 60_000);
    const later = await syncNow(t, ada, 'dexcom');
    expect(later.history[0]!.inserted).toBeGreaterThanOrEqual(4);
    expect(later.history[0]!.inserted).toBeLessThanOrEqual(6);

    const again = await syncNow(t, ada, 'dexcom', 90);
    expect(again.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    expect(again.history[0]!.samples).toBeGreaterThan(90 * 288 * 0.95);
  }, 60_000);

  it('refuses a window of more than 30 days, as Dexcom does', async () => {
    const redirect = 'http://localhost/cb';
    const approve = await fetch(`${fake.url}/v2/oauth2/login`, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'allow', redirect_uri: redirect, client_id: 'test-client' }),
      redirect: 'manual',
    });
    const code = new URL(approve.headers.get('location')!).searchParams.get('code')!;
    const token = (await (
      await fetch(`${fake.url}/v2/oauth2/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirect,
          client_id: 'test-client',
          client_secret: 'test-secret',
        }),
      })
    ).json()) as { access_token: string; expires_in: number };
    expect(token.expires_in).toBe(7200);
    const egvs = (start: string, end: string) =>
      fetch(`${fake.url}/v3/users/self/egvs?startDate=${start}&endDate=${end}`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      });
    const tooLong = await egvs('2026-01-01T00:00:00', '2026-02-15T00:00:00');
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: 'invalid_request' });
    expect((await egvs('2026-01-01T00:00:00', '2026-01-31T00:00:00')).status).toBe(200);
  });

  it('refreshes an expired access token (refresh tokens are single-use) and goes on', async () => {
    fake.control.expireTokens!();
    const first = await syncNow(t, ada, 'dexcom', 3);
    expect(first.history[0]).toMatchObject({ status: 'succeeded' });
    fake.control.expireTokens!();
    const second = await syncNow(t, ada, 'dexcom', 3);
    expect(second.history[0]).toMatchObject({ status: 'succeeded' });
    expect((await syncStatus(t, ada, 'dexcom')).status).toBe('connected');
  });

  it('waits out a 429 with Retry-After and finishes the sync', async () => {
    fake.control.rateLimitEvery!(2);
    const before = fake.control.requests!();
    const stats = await syncNow(t, ada, 'dexcom', 45);
    fake.control.rateLimitEvery!(0);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    const answered = fake.control.requests!() - before;
    expect(answered).toBe(3); // dataRange + two windows
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

    const { state, code } = await connectThroughConsent(t, ben, 'dexcom');
    await t.syncRunner.idle();
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/oauth/callback',
      headers: ben,
      payload: { code, state },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toMatch(/expired or already used/);
  }, 60_000);

  it('puts the source in error and asks to reconnect when Dexcom refuses the refresh token', async () => {
    fake.control.revokeGrants!();
    fake.control.expireTokens!();
    await syncNow(t, ada, 'dexcom', 2);
    const status = await syncStatus(t, ada, 'dexcom');
    expect(status.status).toBe('error');
    expect(status.error).toMatch(/Connect Dexcom again/);
  });

  it('disconnects (Dexcom has no revocation endpoint), keeping or deleting the readings as asked', async () => {
    const kept = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/dexcom/disconnect',
      headers: ben,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({
      deletedSamples: 0,
      revoked: false,
      source: { status: 'disconnected' },
    });
    expect(
      (await get('/api/integrations/dexcom/glucose?days=1', ben)).json().data.items.length,
    ).toBeGreaterThan(0);

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/data-sources/dexcom/disconnect',
      headers: ada,
      payload: { deleteData: true },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.deletedSamples).toBeGreaterThan(100_000);
    expect((await get('/api/integrations/dexcom/glucose')).json().data.items).toEqual([]);
    expect((await get('/api/integrations/dexcom/statistics')).json().data).toMatchObject({
      readings: 0,
      mean: null,
    });
  });
});
