import { peloton } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenVault } from '../../src/modules/sources/token-vault';
import { testDialects } from '../databases';
import {
  connectorFixture,
  countedSync,
  DAY_MS,
  expectDisconnect,
  expectResyncAddsNothing,
  firstSyncDone,
  sampleCounter,
  syncThrough429,
  type ConnectorFixture,
} from './helpers';

/** The password the Peloton fake accepts; anything else is "Login failed". */
const PASSWORD = 'sandbox';

describe.each(testDialects)('the Peloton connector against its fake on %s', (dialect) => {
  let f: ConnectorFixture;
  beforeAll(async () => {
    f = await connectorFixture(peloton, dialect);
  });
  afterAll(() => f.close());

  const connect = (password: string, auth = f.ada, username = 'ada@example.com') =>
    f.t.app.inject({
      method: 'POST',
      url: '/api/integrations/peloton/connect',
      headers: auth,
      payload: { username, password },
    });
  const rows = (kind: string) =>
    f.t.db.kysely
      .selectFrom('samples')
      .selectAll()
      .where('source', '=', 'peloton')
      .where('kind', '=', kind)
      .orderBy('start_at', 'desc')
      .execute();

  it('lists Peloton as a password sign-in that needs no app registration', async () => {
    expect(await f.source()).toMatchObject({
      status: 'disconnected',
      configured: true,
      connectMethod: 'credentials',
    });
  });

  it('refuses a wrong password with Peloton’s reason and saves no connection', async () => {
    const res = await connect('hunter2');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.message).toMatch(
      /Peloton did not accept the sign-in: the email or password is wrong/,
    );
    expect(res.json().error.message).toMatch(/Login failed/);
    expect(res.body).not.toContain('hunter2');
    expect(await f.source()).toMatchObject({ status: 'disconnected' });
    expect(
      await f.t.db.kysely
        .selectFrom('source_connections')
        .selectAll()
        .where('kind', '=', 'peloton')
        .execute(),
    ).toEqual([]);

    const missing = await f.t.app.inject({
      method: 'POST',
      url: '/api/integrations/peloton/connect',
      headers: f.ada,
      payload: { username: 'ada@example.com' },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('signs in with the password once and syncs a year of workouts page by page', async () => {
    const started = performance.now();
    const res = await connect(PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ authorizationUrl: null });
    const status = await firstSyncDone(f);
    const elapsed = performance.now() - started;
    // ~300 workouts at 50 a page: 7 pages of workouts, each with its workouts' performance graphs.
    expect(status.progress.pages).toBeGreaterThanOrEqual(6);

    const stats = await f.syncStats();
    const count = sampleCounter(stats);
    expect(count('workout')).toBeGreaterThan(250);
    expect(count('active_calories_burned')).toBe(count('workout'));
    expect(count('heart_rate')).toBe(count('workout'));
    expect(count('distance')).toBeGreaterThan(100);
    expect(count('exercise_minutes')).toBeLessThan(count('workout')); // meditation is not exercise
    const run = stats.history[0]!;
    expect(run).toMatchObject({ status: 'succeeded' });
    expect(run.requests).toBe(f.fake.control.requests!());
    expect(run.inserted).toBe(run.samples); // nothing refused by the store
    // One request for /api/me, one per page, one performance graph per workout.
    expect(run.requests).toBe(1 + status.progress.pages + count('workout'));
    console.info(
      `[figures] Peloton one-year sync on ${dialect}: ${Math.round(elapsed)} ms, ${run.requests} requests, ` +
        `${status.progress.pages} pages, ${run.inserted} samples written (${count('workout')} workouts)`,
    );

    // The password went to Peloton once: no stored row holds it, and the session is sealed.
    const connection = await f.t.db.kysely
      .selectFrom('source_connections')
      .selectAll()
      .where('kind', '=', 'peloton')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(connection)).not.toContain('ada@example.com');
    const vault = TokenVault.open(f.t.config.dataDir, f.t.config.encryptionKey);
    const tokens = vault.unseal(connection.tokens!)!;
    expect(tokens).toMatchObject({
      tokenType: 'cookie',
      accessToken: expect.stringMatching(/^peloton_session_id=/),
    });
    expect(JSON.stringify(tokens)).not.toContain(PASSWORD);
    const payloads = await f.t.db.kysely.selectFrom('sync_payloads').select('payload').execute();
    for (const p of payloads) expect(p.payload).not.toContain('"password"');
  });

  it('maps units: miles to metres, class output and calories, the workout’s own zone', async () => {
    const workouts = await rows('workout');
    const ride = workouts.find((w) => JSON.parse(w.meta!).workout.activity === 'cycling')!;
    const meta = JSON.parse(ride.meta!) as {
      workout: { distanceM: number; energyKcal: number; avgHeartRate: number };
      provenance: { title: string; instructor: string; totalOutputKj: number };
    };
    expect(meta.workout.avgHeartRate).toBeGreaterThan(100);
    expect(meta.provenance.title).toMatch(/min .*Ride/);
    expect(meta.provenance.instructor).toBeTruthy();
    expect(meta.provenance.totalOutputKj).toBeGreaterThan(50);
    const distance = (await rows('distance')).find((d) => d.origin_id === ride.origin_id)!;
    // ~18.5 mph over the class: metres, not miles.
    const hours = (ride.end_at - ride.start_at) / 3_600_000;
    expect(distance.unit).toBe('m');
    expect(distance.value / hours / 1609.344).toBeGreaterThan(14);
    expect(distance.value / hours / 1609.344).toBeLessThan(23);
    expect(meta.workout.distanceM).toBeCloseTo(distance.value, 0);
    const calories = (await rows('active_calories_burned')).find((c) => c.origin_id === ride.origin_id)!;
    expect(calories.value).toBe(meta.workout.energyKcal);
    expect(ride.unit).toBe('min');
    expect(ride.value).toBeCloseTo((ride.end_at - ride.start_at) / 60_000, 1);
    // New York: -5 h in winter, -4 h in summer, whatever the person's profile zone.
    expect(new Set(workouts.map((w) => w.utc_offset_min))).toEqual(new Set([-300, -240]));
    expect(workouts.every((w) => w.tz === 'America/New_York')).toBe(true);
  });

  it('answers the overview and the newest workouts from what was stored', async () => {
    const overview = await f.get('/api/integrations/peloton/overview');
    expect(overview.statusCode, overview.body).toBe(200);
    const o = overview.json().data;
    const workouts = await rows('workout');
    expect(o.workouts).toBe(workouts.length);
    expect(o.minutes).toBeCloseTo(
      workouts.reduce((a, w) => a + w.value, 0),
      0,
    );
    expect(o.calories).toBeGreaterThan(30_000);
    expect(o.byDiscipline[0]).toMatchObject({ discipline: 'cycling' });
    expect(o.byDiscipline.reduce((a: number, d: { workouts: number }) => a + d.workouts, 0)).toBe(o.workouts);
    expect(o.lastWorkout).toMatchObject({ id: workouts[0]!.origin_id, discipline: expect.any(String) });
    expect(o.lastWorkout.start).toMatch(/-0[45]:00$/);

    const list = await f.get('/api/integrations/peloton/workouts');
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().data.items as { id: string; start: string; minutes: number }[];
    expect(list.json().data.limit).toBe(20);
    expect(items).toHaveLength(20);
    expect(items.map((i) => i.id)).toEqual(workouts.slice(0, 20).map((w) => w.origin_id));
    expect(items[0]).toMatchObject({
      title: expect.any(String),
      instructor: expect.any(String),
      calories: expect.any(Number),
      avgHeartRate: expect.any(Number),
    });
    const five = await f.get('/api/integrations/peloton/workouts?limit=5');
    expect(five.json().data.items).toHaveLength(5);
    expect((await f.get('/api/integrations/peloton/workouts?limit=101')).statusCode).toBe(400);
    expect((await f.get('/api/integrations/peloton/workouts?limit=0')).statusCode).toBe(400);

    // Ben has no Peloton data: empty answers, never Ada's.
    const empty = (await f.get('/api/integrations/peloton/overview', f.ben)).json().data;
    expect(empty).toMatchObject({ workouts: 0, minutes: 0, byDiscipline: [], lastWorkout: null });
    expect((await f.get('/api/integrations/peloton/workouts', f.ben)).json().data.items).toEqual([]);
    expect(
      (await f.t.app.inject({ method: 'GET', url: '/api/integrations/peloton/overview' })).statusCode,
    ).toBe(401);
  });

  it('syncs only what changed next time, and a re-sync of the year adds nothing', async () => {
    const incremental = await countedSync(f);
    // /api/me, the first page, and the graphs of the two days the sync re-reads.
    expect(incremental.requests).toBeLessThan(8);
    expect(incremental.stats.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    await expectResyncAddsNothing(f, 365, 1_000);
  });

  it('picks up a new workout on the next sync', async () => {
    const before = (await rows('workout')).length;
    f.clock.advance(3 * DAY_MS);
    // Our own sign-in expired with the days that passed; Peloton's session did not.
    await f.signInAgain();
    const stats = await f.syncNow();
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    expect(stats.history[0]!.inserted).toBeGreaterThan(0);
    expect((await rows('workout')).length).toBeGreaterThan(before);
  });

  it('waits out a 429 with Retry-After and finishes the sync', async () => {
    const { stats, answered } = await syncThrough429(f, 2);
    expect(stats.history[0]!.requests).toBeGreaterThanOrEqual(2 * answered - 1);
  });

  it('puts the source in error and asks to sign in again when the session has expired', async () => {
    f.fake.control.expireTokens!();
    await f.syncNow(2);
    const status = await f.syncStatus();
    expect(status.status).toBe('error');
    expect(status.error).toMatch(/Connect Peloton again/);
    expect(await f.source()).toMatchObject({
      status: 'error',
      lastError: expect.stringMatching(/Peloton/),
    });

    // Signing in again brings it back.
    const res = await connect(PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    await f.t.syncRunner.idle();
    expect(await f.syncStatus()).toMatchObject({ status: 'connected', error: null });
  });

  it('disconnects, keeping the workouts unless asked to delete them', async () => {
    const workouts = async () => (await f.get('/api/integrations/peloton/overview')).json().data.workouts;
    await expectDisconnect(f, {
      keeper: f.ada,
      revoked: false,
      kept: async () => expect(await workouts()).toBeGreaterThan(250),
      deleted: 1_000,
      gone: async () => expect(await workouts()).toBe(0),
    });
  });
});
