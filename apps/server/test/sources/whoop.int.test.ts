import { whoop } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  sampleCounter,
  syncThrough429,
  type ConnectorFixture,
} from './helpers';

describe.each(testDialects)('the WHOOP connector against its fake on %s', (dialect) => {
  let f: ConnectorFixture;
  beforeAll(async () => {
    f = await connectorFixture(whoop, dialect);
  });
  afterAll(() => f.close());

  const expectWithin = (values: number[], low: number, high: number) => {
    expect(values.length).toBeGreaterThan(0);
    expect(Math.min(...values)).toBeGreaterThan(low);
    expect(Math.max(...values)).toBeLessThan(high);
  };
  const rows = (kind: string) =>
    f.t.db.kysely
      .selectFrom('samples')
      .select(['start_at', 'end_at', 'utc_offset_min', 'value', 'origin_id', 'meta'])
      .where('kind', '=', kind)
      .where('source', '=', 'whoop')
      .orderBy('start_at')
      .execute();

  it('lists WHOOP as configured and asks for the offline scope', async () => {
    expect(await f.source()).toMatchObject({
      status: 'disconnected',
      configured: true,
      connectMethod: 'oauth',
    });
    const consent = new URL((await f.get('/api/integrations/oauth/whoop')).json().data.url);
    expect(consent.pathname).toBe('/oauth/oauth2/auth');
    expect(consent.searchParams.get('scope')!.split(' ')).toEqual(whoop.manifest.oauth!.scopes);
    expect(consent.searchParams.get('state')!.length).toBeGreaterThanOrEqual(8); // WHOOP's minimum
  });

  it('connects through the consent page and syncs a year of the four collections, 25 records a page', async () => {
    const started = performance.now();
    const { status } = await connectAndSync(f);
    const seconds = (performance.now() - started) / 1000;
    // ~365 cycles, ~400 sleeps (naps too), ~365 recoveries, ~290 workouts at 25 a page.
    expect(status.progress.pages).toBeGreaterThan(50);

    const stats = await f.syncStats();
    const count = sampleCounter(stats);
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
    expect(run.requests).toBe(f.fake.control.requests!());
    console.info(
      `WHOOP sandbox, one-year first sync: ${seconds.toFixed(2)} s, ${run.requests} requests, ` +
        `${run.samples} samples written`,
    );
  });

  it('maps units: sleep stages to hours asleep, HRV in ms, cycle kilojoules to kcal, skin temperature apart', async () => {
    const sleep = await f.metric('sleep_duration', '2026-11-01', '2026-11-21');
    expect(sleep.length).toBeGreaterThan(18);
    expectWithin(
      sleep.map((night) => night.sum),
      5,
      9.5,
    );
    const hrv = await f.metric('heart_rate_variability', '2026-11-01', '2026-11-21');
    expectWithin(
      hrv.map((day) => day.avg),
      20,
      120,
    );
    const rhr = await f.metric('resting_heart_rate', '2026-11-01', '2026-11-21');
    expectWithin(
      rhr.map((day) => day.avg),
      42,
      66,
    );
    const spo2 = await f.metric('oxygen_saturation', '2026-11-01', '2026-11-21');
    expectWithin(
      spo2.map((day) => day.avg),
      93,
      100,
    );
    const breathing = await f.metric('respiratory_rate', '2026-11-01', '2026-11-21');
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
    const incremental = await countedSync(f);
    expect(incremental.requests).toBe(4); // one page of each collection
    expect(incremental.stats.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });

    f.clock.advance(DAY_MS);
    await f.signInAgain();
    const later = await f.syncNow();
    expect(later.history[0]).toMatchObject({ status: 'succeeded' });
    // A night, its recovery, the cycle that ended and the day's workout.
    expect(later.history[0]!.inserted).toBeGreaterThanOrEqual(7);

    await expectResyncAddsNothing(f, 365, 2_500);
  });

  it('refreshes an expired access token and goes on', async () => {
    await expectRefreshOnExpiry(f, 3);
  });

  it('waits out a 429 and finishes the sync', async () => {
    const { stats, answered } = await syncThrough429(f, 7);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    expect(answered).toBeGreaterThanOrEqual(4);
    expect(stats.history[0]!.requests).toBeGreaterThanOrEqual(2 * answered - 1);
  });

  it('refuses a forged or replayed state on the callback', async () => {
    await expectForgedStateRefused(f);
    await expectReplayRefused(f);
  });

  it('puts the source in error and asks to reconnect when WHOOP refuses the refresh token', async () => {
    await expectReconnectAsked(f, 2, 'WHOOP');
  });

  it('disconnects, keeping the data unless asked to delete it', async () => {
    await expectDisconnect(f, {
      keeper: f.ben,
      // WHOOP revokes with DELETE /v2/user/access, which the framework does not send.
      revoked: false,
      deleted: 2_500,
      gone: async () => expect(await f.metric('sleep_duration', '2026-11-01', '2026-11-21')).toEqual([]),
    });
  });
});
