import { oura } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_PAYLOADS } from '../../src/modules/sources/sync/sync-state.repository';
import { replaySource } from '../../src/modules/sources/replay';
import { createTestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import {
  connectAndSync,
  connectorFixture,
  countedSync,
  expectDisconnect,
  expectForeignStateRefused,
  expectForgedStateRefused,
  expectReconnectAsked,
  expectRefreshOnExpiry,
  expectReplayRefused,
  expectResyncAddsNothing,
  fakeEnv,
  NOW,
  sampleCounter,
  syncThrough429,
  type ConnectorFixture,
} from './helpers';

describe.each(testDialects)('the Oura connector against its fake on %s', (dialect) => {
  let f: ConnectorFixture;
  beforeAll(async () => {
    f = await connectorFixture(oura, dialect);
  });
  afterAll(() => f.close());

  it('lists Oura as configured and disconnected before anything happens', async () => {
    expect(await f.source()).toMatchObject({
      id: 'oura',
      status: 'disconnected',
      configured: true,
      connectMethod: 'oauth',
    });
    expect(await f.integration()).toMatchObject({
      configured: true,
      redirectUri: 'http://localhost:8080/oauth/callback',
      env: ['OURA_CLIENT_ID', 'OURA_CLIENT_SECRET', 'OURA_BASE_URL'],
    });
  });

  it("checks the operator's client id and secret with Oura, without a person", async () => {
    const res = await f.t.app.inject({
      method: 'POST',
      url: '/api/integrations/oura/self-test',
      headers: f.ada,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ ok: true, message: 'Oura accepts this client id and secret.' });
    const other = await createTestApp(
      dialect,
      { ...fakeEnv('oura', f.fake), OURA_CLIENT_SECRET: 'wrong' },
      { now: f.clock.now },
    );
    try {
      await createUser(other, 'ada@example.com');
      const auth = bearer((await signIn(other, 'ada@example.com')).accessToken);
      const wrong = await other.app.inject({
        method: 'POST',
        url: '/api/integrations/oura/self-test',
        headers: auth,
      });
      expect(wrong.json().data).toEqual({
        ok: false,
        message: 'Oura does not accept this client id and secret.',
      });
      const strava = await other.app.inject({
        method: 'POST',
        url: '/api/integrations/strava/self-test',
        headers: auth,
      });
      expect(strava.json().data).toMatchObject({
        ok: false,
        message: expect.stringMatching(/STRAVA_CLIENT_ID/),
      });
    } finally {
      await other.close();
    }
  });

  it('connects through the consent page and syncs a year on the first sync, page by page', async () => {
    const { status } = await connectAndSync(f);
    expect(status.progress.pages).toBeGreaterThan(20); // a year of 5-minute heart rate is 22 pages of 5 000

    const stats = await f.syncStats();
    const count = sampleCounter(stats);
    expect(count('sleep_duration')).toBeGreaterThanOrEqual(365);
    expect(count('steps')).toBeGreaterThanOrEqual(365);
    expect(count('heart_rate')).toBeGreaterThan(100_000);
    expect(stats.syncsRun).toBe(1);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    expect(stats.history[0]!.requests).toBe(f.fake.control.requests!());
  });

  it('maps units: seconds of sleep to hours, walking distance in metres, SpO2 in percent', async () => {
    const sleep = await f.metric('sleep_duration', '2026-11-01', '2026-11-21');
    expect(sleep.length).toBeGreaterThan(15);
    for (const night of sleep) {
      expect(night.sum).toBeGreaterThan(4.5);
      expect(night.sum).toBeLessThan(10);
    }
    const distance = await f.metric('distance', '2026-11-01', '2026-11-21');
    const steps = await f.metric('steps', '2026-11-01', '2026-11-21');
    expect(distance[0]!.sum / steps[0]!.sum).toBeCloseTo(0.78, 2);
    const spo2 = await f.metric('oxygen_saturation', '2026-11-01', '2026-11-21');
    expect(spo2[0]!.avg).toBeGreaterThan(93);
    expect(spo2[0]!.avg).toBeLessThan(100);
  });

  it('syncs only what changed on the next sync, and a re-sync of the year adds nothing', async () => {
    const incremental = await countedSync(f);
    expect(incremental.requests).toBeLessThan(8); // two days of each collection
    expect(incremental.stats.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    await expectResyncAddsNothing(f, 365, 100_000);
  });

  it('replays the kept raw pages through the mapping without calling Oura, changing nothing that was right', async () => {
    const before = f.fake.control.requests!();
    const stepsBefore = await f.metric('steps', '2026-11-01', '2026-11-21');
    const result = await replaySource(f.t.db, f.t.bulk, f.adaId, 'oura');
    expect(result.pages).toBeGreaterThan(0);
    expect(result.pages).toBeLessThanOrEqual(KEPT_PAYLOADS);
    expect(result.inserted).toBe(result.replaced);
    expect(f.fake.control.requests!()).toBe(before);
    expect(await f.metric('steps', '2026-11-01', '2026-11-21')).toEqual(stepsBefore);
  });

  it('refreshes an expired access token and goes on', async () => {
    await expectRefreshOnExpiry(f, 3);
  });

  it('re-syncs by itself once its next scheduled sync is due', async () => {
    const { syncsRun } = await f.syncStats();
    const status = await f.syncStatus();
    expect(Date.parse(status.nextSync!) - NOW).toBe(oura.manifest.syncEveryMinutes * 60_000);
    // An hour later (the row says so; the clock stays, so the test's sign-in stays valid):
    await f.t.db.kysely
      .updateTable('sync_state')
      .set({ next_sync_at: NOW - 1 })
      .where(
        'connection_id',
        'in',
        f.t.db.kysely.selectFrom('source_connections').select('id').where('user_id', '=', f.adaId),
      )
      .execute();
    await f.t.syncRunner.schedule();
    await f.t.syncRunner.idle();
    expect((await f.syncStats()).syncsRun).toBe(syncsRun + 1);
  });

  it('waits out a 429 with Retry-After and finishes the sync', async () => {
    const { stats, answered } = await syncThrough429(f, 7);
    // Every other call was turned away with 429 and made again after the wait.
    expect(stats.history[0]!.requests).toBeGreaterThanOrEqual(2 * answered - 1);
  });

  it('never answers or stores a token in the clear', async () => {
    const rows = await f.t.db.kysely.selectFrom('source_connections').select('tokens').execute();
    for (const row of rows) expect(row.tokens).not.toMatch(/^[0-9a-f]{40}$/);
    const listing =
      (await f.get('/api/data-sources')).body + (await f.get('/api/data-sources/oura/sync-stats')).body;
    expect(listing).not.toMatch(/accessToken|refreshToken|access_token|refresh_token/);
  });

  it('refuses a forged, replayed or foreign state on the callback', async () => {
    await expectForgedStateRefused(f);
    await expectForeignStateRefused(f);
    await expectReplayRefused(f);
  });

  it('puts the source in error and asks to reconnect when the provider refuses the refresh token', async () => {
    await expectReconnectAsked(f, 2, 'Oura');
    expect(await f.source()).toMatchObject({
      status: 'error',
      lastError: expect.stringMatching(/Connect Oura again/),
    });
  });

  it('disconnects, keeping the data unless asked to delete it', async () => {
    await expectDisconnect(f, {
      keeper: f.ben,
      revoked: true,
      deleted: 100_000,
      gone: async () => expect(await f.metric('steps', '2026-11-01', '2026-11-21')).toEqual([]),
    });
  });
});
