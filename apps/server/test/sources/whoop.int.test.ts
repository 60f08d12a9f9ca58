import { whoop } from '@healthfolio/connectors';
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

describe.each(testDialects)('the WHOOP connector against its fake on %s', (dialect) => {
  const clock = new FakeClock(NOW);
  let fake: RunningFake;
  let t: TestApp;
  let ada: Record<string, string>;
  let ben: Record<string, string>;

  beforeAll(async () => {
    fake = await startFake(whoop, { now: clock.now, clientId: 'test-client', clientSecret: 'test-secret' });
    t = await createTestApp(dialect, fakeEnv('whoop', fake), { now: clock.now, insightDebounceMs: 60_000 });
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
    const res = await get(`/api/metrics?type=${type}&bucket=day&from=${from}&to=${to}&tz=UTC`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as { start: string; sum: number; avg: number; count: number }[];
  };
  const expectWithin = (values: number[], low: number, high: number) => {
    expect(values.length).toBeGreaterThan(0);
    expect(Math.min(...values)).toBeGreaterThan(low);
    expect(Math.max(...values)).toBeLessThan(high);
  };
  const rows = (kind: string) =>
    t.db.kysely
      .selectFrom('samples')
      .select(['start_at', 'end_at', 'utc_offset_min', 'value', 'origin_id', 'meta'])
      .where('kind', '=', kind)
      .where('source', '=', 'whoop')
      .orderBy('start_at')
      .execute();

  it('lists WHOOP as configured and asks for the offline scope', async () => {
    const source = ((await get('/api/data-sources')).json().data.items as DataSource[]).find(
      (s) => s.kind === 'whoop',
    );
    expect(source).toMatchObject({ status: 'disconnected', configured: true, connectMethod: 'oauth' });
    const consent = new URL((await get('/api/integrations/oauth/whoop')).json().data.url);
    expect(consent.pathname).toBe('/oauth/oauth2/auth');
    expect(consent.searchParams.get('scope')!.split(' ')).toEqual(whoop.manifest.oauth!.scopes);
    expect(consent.searchParams.get('state')!.length).toBeGreaterThanOrEqual(8); // WHOOP's minimum
  });

  it('connects through the consent page and syncs a year of the four collections, 25 records a page', async () => {
    const started = performance.now();
    const { source } = await connectThroughConsent(t, ada, 'whoop');
    expect(['syncing', 'connected']).toContain(source.status);
    await t.syncRunner.idle();
    const seconds = (performance.now() - started) / 1000;
    const status = await syncStatus(t, ada, 'whoop');
    expect(status).toMatchObject({ state: 'idle', status: 'connected', error: null });
    // ~365 cycles, ~400 sleeps (naps too), ~365 recoveries, ~290 workouts at 25 a page.
    expect(status.progress.pages).toBeGreaterThan(50);

    const stats = await syncStats(t, ada, 'whoop');
    const count = (kind: string) => stats.metrics.find((m) => m.metric === kind)?.samples ?? 0;
    expect(count('sleep_duration')).toBeGreaterThan(365);
    expect(count('respiratory_rate')).toBe(count('sleep_duration'));
    expect(count('resting_heart_rate')).toBeGreaterThan(350);
    expect(count('heart_rate_variability')).toBe(count('resting_heart_rate'));
    expect(count('oxygen_saturation')).toBe(count('resting_heart_rate'));
    expect(count('custom')).toBe(count('resting_heart_rate')); // skin temperature
    expect(count('calories')).toBeGreaterThanOrEqual(364);
    expect(count('workout')).toBeGreaterThan(250);
    const run = stats.history[0]!;
    expect(run).toMatchObject({ status: 'succeeded' });
    expect(run.requests).toBe(status.progress.pages);
    expect(run.requests).toBe(fake.control.requests!());
    console.info(
      `WHOOP sandbox, one-year first sync: ${seconds.toFixed(2)} s, ${run.requests} requests, ` +
        `${run.samples} samples written`,
    );
  });

  it('maps units: sleep stages to hours asleep, HRV in ms, cycle kilojoules to kcal, skin temperature apart', async () => {
    const sleep = await metric('sleep_duration', '2026-11-01', '2026-11-21');
    expect(sleep.length).toBeGreaterThan(18);
    expectWithin(
      sleep.map((night) => night.sum),
      5,
      9.5,
    );
    const hrv = await metric('heart_rate_variability', '2026-11-01', '2026-11-21');
    expectWithin(
      hrv.map((day) => day.avg),
      20,
      120,
    );
    const rhr = await metric('resting_heart_rate', '2026-11-01', '2026-11-21');
    expectWithin(
      rhr.map((day) => day.avg),
      42,
      66,
    );
    const spo2 = await metric('oxygen_saturation', '2026-11-01', '2026-11-21');
    expectWithin(
      spo2.map((day) => day.avg),
      93,
      100,
    );
    const breathing = await metric('respiratory_rate', '2026-11-01', '2026-11-21');
    expectWithin(
      breathing.map((day) => day.avg),
      12,
      18,
    );

    const calories = await rows('calories');
    for (const cycle of calories) expect(cycle.value).toBeGreaterThan(1_500); // ~10 400 kJ a day → ~2 500 kcal
    // The cycle under way (no end yet) is not stored with a partial total.
    expect(Math.max(...calories.map((c) => Number(c.end_at)))).toBeLessThanOrEqual(NOW);

    const skin = await rows('custom');
    expect(JSON.parse(skin[0]!.meta!)).toMatchObject({ name: 'Skin temperature' });
    expectWithin(
      skin.map((s) => s.value),
      31,
      36,
    );

    const workouts = await rows('workout');
    const meta = workouts.map((w) => JSON.parse(w.meta!).workout as Record<string, unknown>);
    expect(new Set(meta.map((m) => m.activity))).toEqual(
      new Set(['running', 'functional_fitness', 'cycling', 'weightlifting', 'tennis', 'yoga']),
    );
    const run = meta.find((m) => m.activity === 'running')!;
    expect(run.distanceM).toBeGreaterThan(5_000);
    expect(run.energyKcal).toBeGreaterThan(200);
    expect(run.energyKcal).toBeLessThan(900);

    // London: sleeps carry +01:00 in summer and Z in winter.
    const nights = await rows('sleep_duration');
    const offsetIn = (month: string) =>
      nights.find((n) => new Date(Number(n.end_at)).toISOString().startsWith(month))!.utc_offset_min;
    expect(offsetIn('2026-07')).toBe(60);
    expect(offsetIn('2026-11-10')).toBe(0);
  });

  it('syncs only what changed on the next sync; a scored night arrives; a re-sync of the year adds nothing', async () => {
    const before = fake.control.requests!();
    const incremental = await syncNow(t, ada, 'whoop');
    expect(fake.control.requests!() - before).toBe(4); // one page of each collection
    expect(incremental.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });

    clock.advance(DAY_MS);
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
    const later = await syncNow(t, ada, 'whoop');
    expect(later.history[0]).toMatchObject({ status: 'succeeded' });
    // A night, its recovery, the cycle that ended and the day's workout.
    expect(later.history[0]!.inserted).toBeGreaterThanOrEqual(7);

    const again = await syncNow(t, ada, 'whoop', 365);
    expect(again.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    expect(again.history[0]!.samples).toBeGreaterThan(2_500);
  });

  it('refreshes an expired access token and goes on', async () => {
    fake.control.expireTokens!();
    const stats = await syncNow(t, ada, 'whoop', 3);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    expect((await syncStatus(t, ada, 'whoop')).status).toBe('connected');
  });

  it('waits out a 429 and finishes the sync', async () => {
    fake.control.rateLimitEvery!(2);
    const before = fake.control.requests!();
    const stats = await syncNow(t, ada, 'whoop', 7);
    fake.control.rateLimitEvery!(0);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    const answered = fake.control.requests!() - before;
    expect(answered).toBeGreaterThanOrEqual(4);
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
    const { state, code } = await connectThroughConsent(t, ben, 'whoop');
    await t.syncRunner.idle();
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/oauth/callback',
      headers: ben,
      payload: { code, state },
    });
    expect(replay.statusCode).toBe(400);
  });

  it('puts the source in error and asks to reconnect when WHOOP refuses the refresh token', async () => {
    fake.control.revokeGrants!();
    fake.control.expireTokens!();
    await syncNow(t, ada, 'whoop', 2);
    const status = await syncStatus(t, ada, 'whoop');
    expect(status.status).toBe('error');
    expect(status.error).toMatch(/Connect WHOOP again/);
  });

  it('disconnects, keeping the data unless asked to delete it', async () => {
    const kept = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/whoop/disconnect',
      headers: ben,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    // WHOOP revokes with DELETE /v2/user/access, which the framework does not send.
    expect(kept.json().data).toMatchObject({
      deletedSamples: 0,
      revoked: false,
      source: { status: 'disconnected' },
    });
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/data-sources/whoop/disconnect',
      headers: ada,
      payload: { deleteData: true },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.deletedSamples).toBeGreaterThan(2_500);
    expect(await metric('sleep_duration', '2026-11-01', '2026-11-21')).toEqual([]);
  });
});
