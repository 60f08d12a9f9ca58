import { garmin } from '@healthfolio/connectors';
import type { ConnectResult, DataSource } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, FakeClock, signIn } from '../identity/helpers';
import { fakeEnv, startFake, syncNow, syncStats, syncStatus, type RunningFake } from './helpers';

/** 07:00 in New York, where the sandbox person lives: the day's summary is still growing. */
const NOW = Date.parse('2026-11-22T12:00:00Z');
const DAY = 86_400_000;

describe.each(testDialects)('the Garmin connector against its fake on %s', (dialect) => {
  const clock = new FakeClock(NOW);
  let fake: RunningFake;
  let t: TestApp;
  let ada: Record<string, string>;
  let ben: Record<string, string>;

  beforeAll(async () => {
    fake = await startFake(garmin, { now: clock.now, clientId: 'test-client', clientSecret: 'test-secret' });
    t = await createTestApp(dialect, fakeEnv('garmin', fake), { now: clock.now, insightDebounceMs: 60_000 });
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
  const connect = (payload: Record<string, unknown> | undefined, auth = ada) =>
    t.app.inject({ method: 'POST', url: '/api/integrations/garmin/connect', headers: auth, payload });
  const metric = async (type: string, from: string, to: string) => {
    const res = await get(`/api/metrics?type=${type}&bucket=day&from=${from}&to=${to}&tz=America/New_York`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as { start: string; sum: number; avg: number; count: number }[];
  };

  /** SPEC's `POST /integrations/garmin/connect`: first the consent URL, then code and state. */
  async function connectGarmin(auth: Record<string, string>) {
    const started = await connect(undefined, auth);
    expect(started.statusCode, started.body).toBe(200);
    const consent = new URL((started.json().data as ConnectResult).authorizationUrl!);
    const form = new URLSearchParams({ decision: 'allow' });
    for (const [name, value] of consent.searchParams) if (name !== 'response_type') form.set(name, value);
    const approve = await fetch(consent.origin + consent.pathname, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(approve.status).toBe(302);
    const back = new URL(approve.headers.get('location')!);
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    const done = await connect({ code, state }, auth);
    expect(done.statusCode, done.body).toBe(200);
    return { source: (done.json().data as ConnectResult).source, code, state };
  }

  it('lists Garmin as configured, with PKCE and without scopes in the consent URL', async () => {
    const source = ((await get('/api/data-sources')).json().data.items as DataSource[]).find(
      (s) => s.kind === 'garmin',
    );
    expect(source).toMatchObject({ status: 'disconnected', configured: true, connectMethod: 'oauth' });
    const integration = (await get('/api/integrations'))
      .json()
      .data.items.find((i: { kind: string }) => i.kind === 'garmin');
    expect(integration).toMatchObject({ configured: true, scopes: [], backfillDays: 365 });

    const res = await get('/api/integrations/oauth/garmin');
    const url = new URL(res.json().data.url);
    expect(url.pathname).toBe('/oauth2Confirm');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('client_id')).toBe('test-client');
    expect(url.search).not.toContain('test-secret');
  });

  it('connects with code and state on POST /integrations/garmin/connect and syncs 30 days in 24-hour windows', async () => {
    const { source } = await connectGarmin(ada);
    expect(['syncing', 'connected']).toContain(source.status);
    await t.syncRunner.idle();
    const status = await syncStatus(t, ada, 'garmin');
    expect(status).toMatchObject({ state: 'idle', status: 'connected', error: null });
    // Four summary types, each a window per day of upload time.
    expect(status.progress.pages).toBe(4 * 30);

    const stats = await syncStats(t, ada, 'garmin');
    const count = (kind: string) => stats.metrics.find((m) => m.metric === kind)?.samples ?? 0;
    expect(count('steps')).toBeGreaterThanOrEqual(28);
    expect(count('resting_heart_rate')).toBe(count('steps'));
    expect(count('sleep_duration')).toBeGreaterThan(20);
    expect(count('weight')).toBeGreaterThan(5);
    expect(count('body_fat')).toBe(count('weight'));
    expect(count('workout')).toBeGreaterThan(15);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    expect(stats.history[0]!.requests).toBe(fake.control.requests!());
  });

  it('maps units: metres, kcal, grams to kg, seconds of sleep to hours, the local day from Garmin’s offset', async () => {
    const steps = await metric('steps', '2026-11-01', '2026-11-20');
    const distance = await metric('distance', '2026-11-01', '2026-11-20');
    expect(steps).toHaveLength(20);
    for (const [i, day] of steps.entries()) {
      expect(day.sum).toBeGreaterThan(1_000);
      expect(distance[i]!.sum / day.sum).toBeCloseTo(0.76, 2);
    }
    const sleep = await metric('sleep_duration', '2026-11-01', '2026-11-21');
    expect(sleep.length).toBeGreaterThan(14);
    for (const night of sleep) {
      expect(night.sum).toBeGreaterThan(4.5);
      expect(night.sum).toBeLessThan(10);
    }
    const weight = await metric('weight', '2026-10-24', '2026-11-21');
    expect(weight.length).toBeGreaterThan(5);
    for (const w of weight) {
      expect(w.avg).toBeGreaterThan(70);
      expect(w.avg).toBeLessThan(85);
    }
    const muscle = await metric('muscle_mass', '2026-10-24', '2026-11-21');
    expect(muscle[0]!.avg).toBeGreaterThan(28);
    expect(muscle[0]!.avg).toBeLessThan(38);
    const workouts = await metric('workout', '2026-11-01', '2026-11-21');
    expect(workouts.length).toBeGreaterThan(8);
    // Each activity's average heart rate, over the activity.
    const heart = await metric('heart_rate', '2026-11-01', '2026-11-21');
    expect(heart.length).toBe(workouts.length);
  });

  it('leaves the day under way for a later sync, and takes it whole the next day', async () => {
    expect(await metric('steps', '2026-11-22', '2026-11-22')).toEqual([]);
    clock.advance(DAY);
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
    const before = fake.control.requests!();
    const stats = await syncNow(t, ada, 'garmin');
    // The incremental sync re-reads two days before the last one: three windows of each type.
    expect(fake.control.requests!() - before).toBe(12);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    expect(stats.history[0]!.inserted).toBeGreaterThan(0);
    const [day] = await metric('steps', '2026-11-22', '2026-11-22');
    expect(day!.sum).toBeGreaterThan(1_500);
  });

  it('adds nothing when the same days are synced again', async () => {
    const again = await syncNow(t, ada, 'garmin', 30);
    expect(again.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    expect(again.history[0]!.samples).toBeGreaterThan(200);
  });

  it('reads the sandbox year with sync?days=365: 1 460 windows', async () => {
    const before = fake.control.requests!();
    const startedAt = performance.now();
    const stats = await syncNow(t, ada, 'garmin', 365);
    const elapsed = performance.now() - startedAt;
    const run = stats.history[0]!;
    expect(run).toMatchObject({ status: 'succeeded' });
    expect(fake.control.requests!() - before).toBe(4 * 365);
    const count = (kind: string) => stats.metrics.find((m) => m.metric === kind)?.samples ?? 0;
    expect(count('steps')).toBeGreaterThanOrEqual(364);
    expect(count('sleep_duration')).toBeGreaterThan(300);
    expect(count('weight')).toBeGreaterThan(120);
    expect(count('workout')).toBeGreaterThan(200);
    expect(count('stress_level')).toBeGreaterThan(330);
    console.log(
      `[figures] garmin sandbox, one year (${dialect}): ${Math.round(elapsed)} ms, ${run.requests} requests, ` +
        `${run.samples} samples mapped, ${run.inserted} new (the last 31 days were there already)`,
    );
  }, 180_000);

  it('refreshes an expired access token and goes on', async () => {
    fake.control.expireTokens!();
    const stats = await syncNow(t, ada, 'garmin', 2);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    expect((await syncStatus(t, ada, 'garmin')).status).toBe('connected');
  });

  it('waits out a 429 with Retry-After and finishes the sync', async () => {
    fake.control.rateLimitEvery!(2);
    const before = fake.control.requests!();
    const stats = await syncNow(t, ada, 'garmin', 1);
    fake.control.rateLimitEvery!(0);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    const answered = fake.control.requests!() - before;
    expect(answered).toBe(4);
    expect(stats.history[0]!.requests).toBeGreaterThanOrEqual(2 * answered - 1);
  });

  it('refuses a forged, foreign or replayed state on the connect route', async () => {
    const forged = await connect({ code: 'whatever', state: 'forged-state-value' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toMatch(/expired or already used/);

    const res = await get('/api/integrations/oauth/garmin', ben);
    const state = new URL(res.json().data.url).searchParams.get('state')!;
    expect((await connect({ code: 'whatever', state })).statusCode).toBe(400);

    const { code, state: used } = await connectGarmin(ben);
    await t.syncRunner.idle();
    expect((await connect({ code, state: used }, ben)).statusCode).toBe(400);
  });

  it('puts the source in error and asks to reconnect when Garmin refuses the refresh token', async () => {
    fake.control.revokeGrants!();
    fake.control.expireTokens!();
    await syncNow(t, ada, 'garmin', 1);
    const status = await syncStatus(t, ada, 'garmin');
    expect(status.status).toBe('error');
    expect(status.error).toMatch(/Connect Garmin again/);
  });

  it('disconnects, keeping or deleting the data as asked', async () => {
    // Garmin removes the user's registration with the bearer token; Ben's expired with every grant above,
    // so Garmin refuses it — the disconnect goes ahead all the same.
    const kept = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/garmin/disconnect',
      headers: ben,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ deletedSamples: 0, revoked: false });
    expect((await syncStats(t, ben, 'garmin')).metrics.length).toBeGreaterThan(0);

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/data-sources/garmin/disconnect',
      headers: ada,
      payload: { deleteData: true },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.deletedSamples).toBeGreaterThan(2_000);
    expect(await metric('steps', '2026-11-01', '2026-11-21')).toEqual([]);
  });
});
