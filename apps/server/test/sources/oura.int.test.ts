import { oura } from '@healthfolio/connectors';
import type { DataSource } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_PAYLOADS } from '../../src/modules/sources/connections.repository';
import { replaySource } from '../../src/modules/sources/replay';
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

describe.each(testDialects)('the Oura connector against its fake on %s', (dialect) => {
  const clock = new FakeClock(NOW);
  let fake: RunningFake;
  let t: TestApp;
  let ada: Record<string, string>;
  let adaId: string;
  let ben: Record<string, string>;

  beforeAll(async () => {
    fake = await startFake(oura, { now: clock.now, clientId: 'test-client', clientSecret: 'test-secret' });
    t = await createTestApp(dialect, fakeEnv('oura', fake), { now: clock.now, insightDebounceMs: 60_000 });
    adaId = (await createUser(t, 'ada@example.com')).id;
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

  it('lists Oura as configured and disconnected before anything happens', async () => {
    const res = await get('/api/data-sources');
    const source = (res.json().data.items as DataSource[]).find((s) => s.kind === 'oura')!;
    expect(source).toMatchObject({
      id: 'oura',
      status: 'disconnected',
      configured: true,
      connectMethod: 'oauth',
    });
    const integrations = (await get('/api/integrations')).json().data.items;
    expect(integrations.find((i: { kind: string }) => i.kind === 'oura')).toMatchObject({
      configured: true,
      redirectUri: 'http://localhost:8080/oauth/callback',
      env: ['OURA_CLIENT_ID', 'OURA_CLIENT_SECRET', 'OURA_BASE_URL'],
    });
  });

  it('connects through the consent page and syncs a year on the first sync, page by page', async () => {
    const { source } = await connectThroughConsent(t, ada, 'oura');
    expect(['syncing', 'connected']).toContain(source.status);
    await t.syncRunner.idle();
    const status = await syncStatus(t, ada, 'oura');
    expect(status).toMatchObject({ state: 'idle', status: 'connected', error: null });
    expect(status.progress.pages).toBeGreaterThan(20); // a year of 5-minute heart rate is 22 pages of 5 000

    const stats = await syncStats(t, ada, 'oura');
    const count = (kind: string) => stats.metrics.find((m) => m.metric === kind)?.samples ?? 0;
    expect(count('sleep_duration')).toBeGreaterThanOrEqual(365);
    expect(count('steps')).toBeGreaterThanOrEqual(365);
    expect(count('heart_rate')).toBeGreaterThan(100_000);
    expect(stats.syncsRun).toBe(1);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    expect(stats.history[0]!.requests).toBe(fake.control.requests!());
  });

  it('maps units: seconds of sleep to hours, walking distance in metres, SpO2 in percent', async () => {
    const sleep = await metric('sleep_duration', '2026-11-01', '2026-11-21');
    expect(sleep.length).toBeGreaterThan(15);
    for (const night of sleep) {
      expect(night.sum).toBeGreaterThan(4.5);
      expect(night.sum).toBeLessThan(10);
    }
    const distance = await metric('distance', '2026-11-01', '2026-11-21');
    const steps = await metric('steps', '2026-11-01', '2026-11-21');
    expect(distance[0]!.sum / steps[0]!.sum).toBeCloseTo(0.78, 2);
    const spo2 = await metric('oxygen_saturation', '2026-11-01', '2026-11-21');
    expect(spo2[0]!.avg).toBeGreaterThan(93);
    expect(spo2[0]!.avg).toBeLessThan(100);
  });

  it('syncs only what changed on the next sync, and a re-sync of the year adds nothing', async () => {
    const before = fake.control.requests!();
    const incremental = await syncNow(t, ada, 'oura');
    expect(fake.control.requests!() - before).toBeLessThan(8); // two days of each collection
    expect(incremental.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    const again = await syncNow(t, ada, 'oura', 365);
    expect(again.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    expect(again.history[0]!.samples).toBeGreaterThan(100_000);
  });

  it('replays the kept raw pages through the mapping without calling Oura, changing nothing that was right', async () => {
    const before = fake.control.requests!();
    const stepsBefore = await metric('steps', '2026-11-01', '2026-11-21');
    const result = await replaySource(t.db, adaId, 'oura');
    expect(result.pages).toBeGreaterThan(0);
    expect(result.pages).toBeLessThanOrEqual(KEPT_PAYLOADS);
    expect(result.inserted).toBe(result.replaced);
    expect(fake.control.requests!()).toBe(before);
    expect(await metric('steps', '2026-11-01', '2026-11-21')).toEqual(stepsBefore);
  });

  it('refreshes an expired access token and goes on', async () => {
    fake.control.expireTokens!();
    const stats = await syncNow(t, ada, 'oura', 3);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    expect((await syncStatus(t, ada, 'oura')).status).toBe('connected');
  });

  it('re-syncs by itself once its next scheduled sync is due', async () => {
    const { syncsRun } = await syncStats(t, ada, 'oura');
    const status = await syncStatus(t, ada, 'oura');
    expect(Date.parse(status.nextSync!) - NOW).toBe(oura.manifest.syncEveryMinutes * 60_000);
    // An hour later (the row says so; the clock stays, so the test's sign-in stays valid):
    await t.db.kysely
      .updateTable('source_connections')
      .set({ next_sync_at: NOW - 1 })
      .where('user_id', '=', adaId)
      .execute();
    await t.syncRunner.schedule();
    await t.syncRunner.idle();
    expect((await syncStats(t, ada, 'oura')).syncsRun).toBe(syncsRun + 1);
  });

  it('waits out a 429 with Retry-After and finishes the sync', async () => {
    fake.control.rateLimitEvery!(2);
    const before = fake.control.requests!();
    const stats = await syncNow(t, ada, 'oura', 7);
    fake.control.rateLimitEvery!(0);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    const answered = fake.control.requests!() - before;
    // Every other call was turned away with 429 and made again after the wait.
    expect(stats.history[0]!.requests).toBeGreaterThanOrEqual(2 * answered - 1);
  });

  it('never answers or stores a token in the clear', async () => {
    const rows = await t.db.kysely.selectFrom('source_connections').select('tokens').execute();
    for (const row of rows) expect(row.tokens).not.toMatch(/^[0-9a-f]{40}$/);
    const listing =
      (await get('/api/data-sources')).body + (await get('/api/data-sources/oura/sync-stats')).body;
    expect(listing).not.toMatch(/accessToken|refreshToken|access_token|refresh_token/);
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

    // Ben starts connecting; Ada's browser is made to deliver his callback: refused.
    const res = await get('/api/integrations/oauth/oura', ben);
    const state = new URL(res.json().data.url).searchParams.get('state')!;
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/oauth/callback',
      headers: ada,
      payload: { code: 'whatever', state },
    });
    expect(foreign.statusCode).toBe(400);

    const { state: used, code } = await connectThroughConsent(t, ben, 'oura');
    await t.syncRunner.idle();
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/oauth/callback',
      headers: ben,
      payload: { code, state: used },
    });
    expect(replay.statusCode).toBe(400);
  });

  it('puts the source in error and asks to reconnect when the provider refuses the refresh token', async () => {
    fake.control.revokeGrants!();
    fake.control.expireTokens!();
    await syncNow(t, ada, 'oura', 2);
    const status = await syncStatus(t, ada, 'oura');
    expect(status.status).toBe('error');
    expect(status.error).toMatch(/Connect Oura again/);
    const source = ((await get('/api/data-sources')).json().data.items as DataSource[]).find(
      (s) => s.kind === 'oura',
    );
    expect(source).toMatchObject({ status: 'error', lastError: expect.stringMatching(/Connect Oura again/) });
  });

  it('disconnects, keeping the data unless asked to delete it', async () => {
    const kept = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/oura/disconnect',
      headers: ben,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({
      deletedSamples: 0,
      revoked: true,
      source: { status: 'disconnected' },
    });
    expect((await syncStats(t, ben, 'oura')).metrics.length).toBeGreaterThan(0);

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/data-sources/oura/disconnect',
      headers: ada,
      payload: { deleteData: true },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.deletedSamples).toBeGreaterThan(100_000);
    expect(await metric('steps', '2026-11-01', '2026-11-21')).toEqual([]);
  });
});
