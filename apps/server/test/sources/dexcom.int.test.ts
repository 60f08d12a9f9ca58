import { dexcom } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glucoseStatistics } from '../../src/modules/metrics/dexcom.routes';
import { testDialects } from '../databases';
import {
  connectAndSync,
  connectorFixture,
  countedSync,
  DAY_MS,
  expectDisconnect,
  expectForgedStateRefused,
  expectReconnectAsked,
  expectRefreshOnExpiry,
  expectReplayRefused,
  expectResyncAddsNothing,
  NOW,
  syncThrough429,
  type ConnectorFixture,
} from './helpers';

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
  let f: ConnectorFixture;
  beforeAll(async () => {
    f = await connectorFixture(dexcom, dialect);
  });
  afterAll(() => f.close());

  it('lists Dexcom as configured and disconnected before anything happens', async () => {
    expect(await f.source()).toMatchObject({
      status: 'disconnected',
      configured: true,
      connectMethod: 'oauth',
    });
    expect(await f.integration()).toMatchObject({
      configured: true,
      scopes: ['offline_access'],
      env: ['DEXCOM_CLIENT_ID', 'DEXCOM_CLIENT_SECRET', 'DEXCOM_BASE_URL'],
    });
  });

  it('connects through the consent page and syncs a year in 30-day windows', async () => {
    const started = performance.now();
    const { status } = await connectAndSync(f);
    const seconds = (performance.now() - started) / 1000;
    expect(status.progress.pages).toBe(13); // 365 days in windows of at most 30

    const stats = await f.syncStats();
    const glucose = stats.metrics.find((m) => m.metric === 'blood_glucose')!;
    // 288 readings a day, less sensor warm-ups and signal losses.
    expect(glucose.samples).toBeGreaterThan(365 * 288 * 0.95);
    expect(glucose.samples).toBeLessThan(365 * 288);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded', requests: 14 }); // dataRange + 13 windows
    expect(stats.history[0]!.requests).toBe(f.fake.control.requests!());
    console.info(
      `[dexcom ${dialect}] one-year sync: ${seconds.toFixed(1)} s, ${stats.history[0]!.requests} requests, ` +
        `${stats.history[0]!.inserted} samples written`,
    );
  }, 60_000);

  it('stores mg/dL readings at their instants with the offsets the devices displayed', async () => {
    const rows = await f.t.db.kysely
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
    const res = await f.get('/api/integrations/dexcom/glucose');
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

    const one = (await f.get('/api/integrations/dexcom/glucose?days=1')).json().data.items;
    expect(one.length).toBeGreaterThan(200);
    expect(one.length).toBeLessThanOrEqual(288);
    expect((await f.get('/api/integrations/dexcom/glucose?days=0')).statusCode).toBe(400);
    expect((await f.get('/api/integrations/dexcom/glucose', f.ben)).json().data.items).toEqual([]);
  });

  it('computes the statistics from the stored readings', async () => {
    const res = await f.get('/api/integrations/dexcom/statistics');
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json().data;
    const readings = (await f.get('/api/integrations/dexcom/glucose')).json().data.items as {
      value: number;
    }[];
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
    const ninety = (await f.get('/api/integrations/dexcom/statistics?days=90')).json().data;
    expect(ninety.readings).toBeGreaterThan(80 * 288);
  });

  it('syncs only what changed on the next sync, and a re-sync of 90 days adds nothing', async () => {
    const incremental = await countedSync(f);
    expect(incremental.requests).toBe(2); // dataRange + the last two days in one window
    expect(incremental.stats.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });

    // Half an hour later, the readings that passed Dexcom's delay meanwhile arrive.
    f.clock.advance(30 * 60_000);
    const later = await f.syncNow();
    expect(later.history[0]!.inserted).toBeGreaterThanOrEqual(4);
    expect(later.history[0]!.inserted).toBeLessThanOrEqual(6);

    await expectResyncAddsNothing(f, 90, 90 * 288 * 0.95);
  }, 60_000);

  it('refuses a window of more than 30 days, as Dexcom does', async () => {
    const redirect = 'http://localhost/cb';
    const approve = await fetch(`${f.fake.url}/v2/oauth2/login`, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'allow', redirect_uri: redirect, client_id: 'test-client' }),
      redirect: 'manual',
    });
    const code = new URL(approve.headers.get('location')!).searchParams.get('code')!;
    const token = (await (
      await fetch(`${f.fake.url}/v2/oauth2/token`, {
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
      fetch(`${f.fake.url}/v3/users/self/egvs?startDate=${start}&endDate=${end}`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      });
    const tooLong = await egvs('2026-01-01T00:00:00', '2026-02-15T00:00:00');
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: 'invalid_request' });
    expect((await egvs('2026-01-01T00:00:00', '2026-01-31T00:00:00')).status).toBe(200);
  });

  it('refreshes an expired access token (refresh tokens are single-use) and goes on', async () => {
    await expectRefreshOnExpiry(f, 3);
    await expectRefreshOnExpiry(f, 3);
  });

  it('waits out a 429 with Retry-After and finishes the sync', async () => {
    const { stats, answered } = await syncThrough429(f, 45);
    expect(answered).toBe(3); // dataRange + two windows
    expect(stats.history[0]!.requests).toBeGreaterThanOrEqual(2 * answered - 1);
  });

  it('refuses a forged or replayed state on the callback', async () => {
    await expectForgedStateRefused(f);
    const replay = await expectReplayRefused(f);
    expect(replay.json().error.message).toMatch(/expired or already used/);
  }, 60_000);

  it('puts the source in error and asks to reconnect when Dexcom refuses the refresh token', async () => {
    await expectReconnectAsked(f, 2, 'Dexcom');
  });

  it('disconnects (Dexcom has no revocation endpoint), keeping or deleting the readings as asked', async () => {
    await expectDisconnect(f, {
      keeper: f.ben,
      revoked: false,
      kept: async () =>
        expect(
          (await f.get('/api/integrations/dexcom/glucose?days=1', f.ben)).json().data.items.length,
        ).toBeGreaterThan(0),
      deleted: 100_000,
      gone: async () => {
        expect((await f.get('/api/integrations/dexcom/glucose')).json().data.items).toEqual([]);
        expect((await f.get('/api/integrations/dexcom/statistics')).json().data).toMatchObject({
          readings: 0,
          mean: null,
        });
      },
    });
  });
});
