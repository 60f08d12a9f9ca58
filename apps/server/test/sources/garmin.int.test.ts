import { garmin } from '@healthfolio/connectors';
import type { ConnectResult } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../databases';
import {
  connectorFixture,
  countedSync,
  DAY_MS,
  expectDisconnect,
  expectReconnectAsked,
  expectRefreshOnExpiry,
  expectResyncAddsNothing,
  firstSyncDone,
  keptPayloads,
  lastRun,
  sampleCounter,
  syncThrough429,
  type ConnectorFixture,
} from './helpers';

// NOW is 07:00 in New York, where the sandbox person lives: the day's summary is still growing.
describe.each(testDialects)('the Garmin connector against its fake on %s', (dialect) => {
  let f: ConnectorFixture;
  beforeAll(async () => {
    f = await connectorFixture(garmin, dialect, { tz: 'America/New_York' });
  });
  afterAll(() => f.close());

  const connect = (payload: Record<string, unknown> | undefined, auth = f.ada) =>
    f.t.app.inject({ method: 'POST', url: '/api/integrations/garmin/connect', headers: auth, payload });

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
    expect(await f.source()).toMatchObject({
      status: 'disconnected',
      configured: true,
      connectMethod: 'oauth',
    });
    expect(await f.integration()).toMatchObject({ configured: true, scopes: [], backfillDays: 365 });

    const res = await f.get('/api/integrations/oauth/garmin');
    const url = new URL(res.json().data.url);
    expect(url.pathname).toBe('/oauth2Confirm');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('client_id')).toBe('test-client');
    expect(url.search).not.toContain('test-secret');
  });

  it('connects with code and state on POST /integrations/garmin/connect and syncs 30 days in 24-hour windows', async () => {
    const { source } = await connectGarmin(f.ada);
    expect(['syncing', 'connected']).toContain(source.status);
    const status = await firstSyncDone(f);
    // Four summary types, each a window per day of upload time.
    expect(status.progress.pages).toBe(4 * 30);

    const stats = await f.syncStats();
    const count = sampleCounter(stats);
    expect(count('steps')).toBeGreaterThanOrEqual(28);
    expect(count('resting_heart_rate')).toBe(count('steps'));
    expect(count('sleep_duration')).toBeGreaterThan(20);
    expect(count('weight')).toBeGreaterThan(5);
    expect(count('body_fat')).toBe(count('weight'));
    expect(count('workout')).toBeGreaterThan(15);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    expect(stats.history[0]!.requests).toBe(f.fake.control.requests!());
  });

  it('maps units: metres, kcal, grams to kg, seconds of sleep to hours, the local day from Garmin’s offset', async () => {
    const steps = await f.metric('steps', '2026-11-01', '2026-11-20');
    const distance = await f.metric('distance', '2026-11-01', '2026-11-20');
    expect(steps).toHaveLength(20);
    for (const [i, day] of steps.entries()) {
      expect(day.sum).toBeGreaterThan(1_000);
      expect(distance[i]!.sum / day.sum).toBeCloseTo(0.76, 2);
    }
    const sleep = await f.metric('sleep_duration', '2026-11-01', '2026-11-21');
    expect(sleep.length).toBeGreaterThan(14);
    for (const night of sleep) {
      expect(night.sum).toBeGreaterThan(4.5);
      expect(night.sum).toBeLessThan(10);
    }
    const weight = await f.metric('weight', '2026-10-24', '2026-11-21');
    expect(weight.length).toBeGreaterThan(5);
    for (const w of weight) {
      expect(w.avg).toBeGreaterThan(70);
      expect(w.avg).toBeLessThan(85);
    }
    const muscle = await f.metric('muscle_mass', '2026-10-24', '2026-11-21');
    expect(muscle[0]!.avg).toBeGreaterThan(28);
    expect(muscle[0]!.avg).toBeLessThan(38);
    const workouts = await f.metric('workout', '2026-11-01', '2026-11-21');
    expect(workouts.length).toBeGreaterThan(8);
    // Each activity's average heart rate, over the activity.
    const heart = await f.metric('heart_rate', '2026-11-01', '2026-11-21');
    expect(heart.length).toBe(workouts.length);
  });

  it('takes the day under way as it stands, and the grown day replaces it the next day', async () => {
    const summaryOf = async (date: string) =>
      (await keptPayloads(f, 'dailies'))
        .flatMap((page) => page as { calendarDate: string; steps: number; summaryId: string }[])
        .find((d) => d.calendarDate === date)!;
    const partial = await summaryOf('2026-11-22');
    expect(await f.metric('steps', '2026-11-22', '2026-11-22')).toMatchObject([
      { count: 1, sum: partial.steps },
    ]);
    f.clock.advance(DAY_MS);
    await f.signInAgain();
    const { stats, requests } = await countedSync(f);
    // Garmin re-reads a day of uploads before the last sync's midnight: three windows of each type.
    expect(requests).toBe(12);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    const whole = await summaryOf('2026-11-22');
    expect(whole.steps).toBeGreaterThan(partial.steps);
    // One day, its total the grown one: steps, distance and energy replaced, not added (its resting heart
    // rate and stress were the day's already).
    expect(await f.metric('steps', '2026-11-22', '2026-11-22')).toMatchObject([
      { count: 1, sum: whole.steps },
    ]);
    expect(await lastRun(f)).toMatchObject({ updated: 3, deleted: 0 });
  });

  it('adds nothing when the same days are synced again', async () => {
    await expectResyncAddsNothing(f, 30, 200);
  });

  it('reads the sandbox year with sync?days=365: 1 460 windows', async () => {
    const startedAt = performance.now();
    const { stats, requests } = await countedSync(f, 365);
    const elapsed = performance.now() - startedAt;
    const run = stats.history[0]!;
    expect(run).toMatchObject({ status: 'succeeded' });
    expect(requests).toBe(4 * 365);
    const count = sampleCounter(stats);
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
    await expectRefreshOnExpiry(f, 2);
  });

  it('waits out a 429 with Retry-After and finishes the sync', async () => {
    const { stats, answered } = await syncThrough429(f, 1);
    expect(answered).toBe(4);
    expect(stats.history[0]!.requests).toBeGreaterThanOrEqual(2 * answered - 1);
  });

  it('refuses a forged, foreign or replayed state on the connect route', async () => {
    const forged = await connect({ code: 'whatever', state: 'forged-state-value' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toMatch(/expired or already used/);

    const res = await f.get('/api/integrations/oauth/garmin', f.ben);
    const state = new URL(res.json().data.url).searchParams.get('state')!;
    expect((await connect({ code: 'whatever', state })).statusCode).toBe(400);

    const { code, state: used } = await connectGarmin(f.ben);
    await f.t.syncRunner.idle();
    expect((await connect({ code, state: used }, f.ben)).statusCode).toBe(400);
  });

  it('puts the source in error and asks to reconnect when Garmin refuses the refresh token', async () => {
    await expectReconnectAsked(f, 1, 'Garmin');
  });

  it('disconnects, keeping or deleting the data as asked', async () => {
    // Garmin removes the user's registration with the bearer token; Ben's expired with every grant above,
    // so Garmin refuses it — the disconnect goes ahead all the same.
    await expectDisconnect(f, {
      keeper: f.ben,
      revoked: false,
      deleted: 2_000,
      gone: async () => expect(await f.metric('steps', '2026-11-01', '2026-11-21')).toEqual([]),
    });
  });
});
