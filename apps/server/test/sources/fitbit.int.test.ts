import { fitbit } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../databases';
import {
  connectAndSync,
  connectorFixture,
  countedSync,
  expectDisconnect,
  expectForeignStateRefused,
  expectForgedStateRefused,
  expectReconnectAsked,
  expectRefreshOnExpiry,
  expectResyncAddsNothing,
  postCallback,
  sampleCounter,
  syncThrough429,
  type ConnectorFixture,
} from './helpers';

describe.each(testDialects)('the Fitbit (Google Health API) connector against its fake on %s', (dialect) => {
  let f: ConnectorFixture;
  /** The code and state of Ada's connection, used once already. */
  let used: { code: string; state: string };
  beforeAll(async () => {
    f = await connectorFixture(fitbit, dialect, { tz: 'America/New_York' });
  });
  afterAll(() => f.close());

  it('asks Google for offline access with PKCE and the Google Health read scopes', async () => {
    expect(await f.source()).toMatchObject({
      status: 'disconnected',
      configured: true,
      connectMethod: 'oauth',
    });
    const res = await f.get('/api/integrations/oauth/fitbit');
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
    const { status, code, state } = await connectAndSync(f);
    used = { code, state };
    const elapsed = performance.now() - startedAt;
    // 61 six-day windows of steps and of distance, 366 days of heart rate, 16 pages of sleep, 2 more.
    expect(status.progress.pages).toBe(61 + 61 + 366 + 1 + 16 + 1);

    const stats = await f.syncStats();
    const count = sampleCounter(stats);
    expect(count('sleep_duration')).toBeGreaterThan(25 * 14); // only reachable through pageToken
    expect(count('resting_heart_rate')).toBeGreaterThanOrEqual(365);
    expect(count('weight')).toBeGreaterThan(120);
    expect(count('steps')).toBeGreaterThan(365 * 10);
    expect(count('distance')).toBe(count('steps'));
    expect(count('heart_rate')).toBeGreaterThan(100_000);
    const run = stats.history[0]!;
    expect(run).toMatchObject({ status: 'succeeded' });
    expect(run.requests).toBe(f.fake.control.requests!());
    console.log(
      `[figures] fitbit (Google Health API) sandbox, one year (${dialect}): ${Math.round(elapsed)} ms, ` +
        `${run.requests} requests, ${run.inserted} samples written`,
    );
  }, 180_000);

  it('maps units: steps summed per 15 minutes, millimetres to metres, minutes asleep to hours, grams to kg', async () => {
    const steps = await f.metric('steps', '2026-11-01', '2026-11-20');
    const distance = await f.metric('distance', '2026-11-01', '2026-11-20');
    expect(steps).toHaveLength(20);
    for (const [i, day] of steps.entries()) {
      expect(day.sum).toBeGreaterThan(3_000);
      expect(day.sum).toBeLessThan(20_000);
      expect(distance[i]!.sum / day.sum).toBeCloseTo(0.74, 3);
    }
    const sleep = await f.metric('sleep_duration', '2026-11-01', '2026-11-21');
    expect(sleep.length).toBeGreaterThan(15);
    for (const night of sleep) {
      expect(night.sum).toBeGreaterThan(4.5);
      expect(night.sum).toBeLessThan(10);
    }
    const weight = await f.metric('weight', '2026-10-01', '2026-11-21');
    for (const w of weight) {
      expect(w.avg).toBeGreaterThan(72);
      expect(w.avg).toBeLessThan(80);
    }
    const resting = await f.metric('resting_heart_rate', '2026-11-01', '2026-11-21');
    for (const d of resting) {
      expect(d.avg).toBeGreaterThan(50);
      expect(d.avg).toBeLessThan(66);
    }
    const heart = await f.metric('heart_rate', '2026-11-01', '2026-11-21');
    // Readings averaged per minute: 288 five-minute readings a day, some minutes with two.
    // (1 November 2026 is the 25-hour day New York leaves summer time.)
    for (const d of heart) {
      expect(d.count).toBe(d.start.startsWith('2026-11-01') ? 300 : 288);
      expect(d.avg).toBeGreaterThan(55);
    }
  });

  it('syncs only what changed on the next sync, and a re-sync adds nothing', async () => {
    const incremental = await countedSync(f);
    // From midnight three days before the last sync's day: a window of steps and of distance, four days
    // of heart rate, one page of the rest.
    expect(incremental.requests).toBe(9);
    expect(incremental.stats.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    await expectResyncAddsNothing(f, 30, 8_000);
  });

  it('refreshes an expired access token and goes on', async () => {
    await expectRefreshOnExpiry(f, 2);
  });

  it('waits out a 429 with Retry-After and finishes the sync', async () => {
    const { stats, answered } = await syncThrough429(f, 1, 3);
    expect(answered).toBe(7);
    expect(stats.history[0]!.requests).toBeGreaterThanOrEqual(answered + Math.floor(answered / 2));
  });

  it('refuses a forged, replayed or foreign state on the callback', async () => {
    await expectForgedStateRefused(f);
    await expectForeignStateRefused(f);
    expect((await postCallback(f, f.ada, used)).statusCode).toBe(400);
  });

  it('puts the source in error and asks to reconnect when Google refuses the refresh token', async () => {
    await expectReconnectAsked(f, 1, 'Fitbit');
  });

  it('revokes at Google on disconnect, keeping the data unless asked to delete it', async () => {
    await expectDisconnect(f, {
      keeper: f.ada,
      revoked: true,
      kept: async () => expect((await f.metric('steps', '2026-11-01', '2026-11-21')).length).toBe(21),
      deleted: 100_000,
      gone: async () => expect(await f.metric('steps', '2026-11-01', '2026-11-21')).toEqual([]),
    });
  });
});
