import { strava } from '@healthfolio/connectors';
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

interface Activity {
  id: string;
  name: string | null;
  type: string;
  sportType: string | null;
  start: string;
  end: string;
  distanceM: number | null;
  elapsedMinutes: number;
  movingMinutes: number | null;
  calories: number | null;
  avgHeartRate: number | null;
}

describe.each(testDialects)('the Strava connector against its fake on %s', (dialect) => {
  let f: ConnectorFixture;
  beforeAll(async () => {
    f = await connectorFixture(strava, dialect);
  });
  afterAll(() => f.close());

  const activities = async (query = '') => {
    const res = await f.get(`/api/integrations/strava/activities${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { days: number; items: Activity[] };
  };

  it('lists Strava as configured, with its comma-separated scopes in the consent URL', async () => {
    expect(await f.source()).toMatchObject({
      status: 'disconnected',
      configured: true,
      connectMethod: 'oauth',
    });
    const res = await f.get('/api/integrations/oauth/strava');
    const consent = new URL(res.json().data.url);
    expect(consent.pathname).toBe('/oauth/authorize');
    expect(consent.searchParams.get('scope')).toBe('read,activity:read_all');
    expect(consent.searchParams.get('approval_prompt')).toBe('auto');
  });

  it('connects through the consent page and syncs a year of activities in two pages', async () => {
    const started = performance.now();
    const { status } = await connectAndSync(f);
    const seconds = (performance.now() - started) / 1000;
    expect(status.progress.pages).toBe(2); // ~300 activities at 200 a page

    const stats = await f.syncStats();
    const count = sampleCounter(stats);
    expect(count('workout')).toBeGreaterThan(250);
    expect(count('exercise_minutes')).toBe(count('workout'));
    expect(count('distance')).toBeGreaterThan(200);
    expect(count('heart_rate')).toBeGreaterThan(200);
    expect(count('active_calories_burned')).toBeGreaterThan(40); // rides with power only
    const run = stats.history[0]!;
    expect(run).toMatchObject({ status: 'succeeded' });
    // Two full pages, then the empty page that ends Strava's list.
    expect(run.requests).toBe(3);
    expect(run.requests).toBe(f.fake.control.requests!());
    console.info(
      `Strava sandbox, one-year first sync: ${seconds.toFixed(2)} s, ${run.requests} requests, ` +
        `${run.samples} samples written (${count('workout')} activities)`,
    );
  });

  it('answers the stored activities of the last 30 days by default, newest first', async () => {
    const month = await activities();
    expect(month.days).toBe(30);
    expect(month.items.length).toBeGreaterThan(18);
    expect(month.items.length).toBeLessThan(32);
    const starts = month.items.map((a) => Date.parse(a.start));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(NOW - 30 * DAY_MS);
    const week = await activities('?days=7');
    expect(week.items.length).toBeLessThan(month.items.length);
    expect((await f.get('/api/integrations/strava/activities?days=0')).statusCode).toBe(400);
  });

  it('maps units: metres, moving minutes, ride kilojoules as kcal, average heart rate, local offsets', async () => {
    const { items } = await activities('?days=365');
    const longRun = items.find((a) => a.name === 'Long Run')!;
    expect(longRun).toMatchObject({ type: 'running', sportType: 'Run' });
    expect(longRun.distanceM).toBeGreaterThan(17_000);
    expect(longRun.movingMinutes!).toBeLessThanOrEqual(longRun.elapsedMinutes);
    // ~11 km/h: metres over moving minutes.
    expect(longRun.distanceM! / 1000 / (longRun.movingMinutes! / 60)).toBeGreaterThan(9.5);
    expect(longRun.avgHeartRate).toBeGreaterThan(130);
    expect(longRun.calories).toBeNull(); // Strava's list has no calories for runs
    const ride = items.find((a) => a.sportType === 'Ride')!;
    expect(ride.type).toBe('cycling');
    expect(ride.calories).toBeGreaterThan(500);
    const swim = items.find((a) => a.type === 'swimming')!;
    expect(swim.avgHeartRate).toBeNull();
    // Denver: -07:00 in November, -06:00 under daylight saving.
    expect(items.find((a) => a.start.startsWith('2026-11'))!.start).toMatch(/-07:00$/);
    expect(items.find((a) => a.start.startsWith('2026-07'))!.start).toMatch(/-06:00$/);

    const distance = await f.metric('distance', '2026-10-01', '2026-10-31');
    expect(distance.reduce((sum, d) => sum + d.sum, 0) / 1000).toBeGreaterThan(200);
    const minutes = await f.metric('exercise_minutes', '2026-10-01', '2026-10-31');
    for (const day of minutes) expect(day.sum).toBeLessThan(300);
  });

  it('syncs only what changed on the next sync; new activities arrive; a re-sync of the year adds nothing', async () => {
    const incremental = await countedSync(f);
    expect(incremental.requests).toBe(2); // one page of two days, then the empty page
    expect(incremental.stats.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });

    // Three days later (the six-hour token has expired meanwhile, so this also refreshes it).
    f.clock.advance(3 * DAY_MS);
    await f.signInAgain();
    const later = await f.syncNow();
    expect(later.history[0]).toMatchObject({ status: 'succeeded' });
    expect(later.history[0]!.inserted).toBeGreaterThan(0);

    await expectResyncAddsNothing(f, 365, 1_000);
  });

  it('refreshes an expired access token and goes on', async () => {
    await expectRefreshOnExpiry(f, 3);
  });

  it('waits out a 429 and finishes the sync', async () => {
    const { stats, answered } = await syncThrough429(f, 365);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    expect(answered).toBe(3);
    expect(stats.history[0]!.requests).toBeGreaterThanOrEqual(2 * answered - 1);
  });

  it('refuses a forged or replayed state on the callback', async () => {
    await expectForgedStateRefused(f);
    await expectReplayRefused(f);
  });

  it('puts the source in error and asks to reconnect when Strava refuses the refresh token', async () => {
    await expectReconnectAsked(f, 2, 'Strava');
  });

  it('disconnects, deauthorizing at Strava and keeping the data unless asked to delete it', async () => {
    await expectDisconnect(f, {
      keeper: f.ben,
      revoked: true,
      deleted: 1_000,
      gone: async () => expect((await activities('?days=365')).items).toEqual([]),
    });
  });
});
