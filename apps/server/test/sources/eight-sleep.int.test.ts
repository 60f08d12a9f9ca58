import { eightSleep } from '@healthfolio/connectors';
import type { DataSource } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenVault } from '../../src/modules/sources/token-vault';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, FakeClock, signIn } from '../identity/helpers';
import { importFile } from '../imports/helpers';
import { fakeEnv, startFake, syncNow, syncStats, syncStatus, type RunningFake } from './helpers';

const NOW = Date.parse('2026-11-22T12:00:00Z');
/** The password the Eight Sleep fake accepts. */
const PASSWORD = 'sandbox';

interface Session {
  ts: string;
  stages: unknown[];
  timeseries: Record<string, unknown>;
}

describe.each(testDialects)('the Eight Sleep connector against its fake on %s', (dialect) => {
  const clock = new FakeClock(NOW);
  let fake: RunningFake;
  let t: TestApp;
  let ada: Record<string, string>;
  let ben: Record<string, string>;

  beforeAll(async () => {
    fake = await startFake(eightSleep, { now: clock.now });
    t = await createTestApp(dialect, fakeEnv('eight_sleep', fake), {
      now: clock.now,
      insightDebounceMs: 60_000,
    });
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
  const connect = (password: string, auth = ada) =>
    t.app.inject({
      method: 'POST',
      url: '/api/integrations/eight_sleep/connect',
      headers: auth,
      payload: { username: 'ada@example.com', password },
    });
  const source = async (auth = ada) =>
    ((await get('/api/data-sources', auth)).json().data.items as DataSource[]).find(
      (s) => s.kind === 'eight_sleep',
    )!;
  const metric = async (type: string, from: string, to: string) => {
    const res = await get(`/api/metrics?type=${type}&bucket=day&from=${from}&to=${to}&tz=UTC`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as { start: string; sum: number; avg: number; count: number }[];
  };

  it('lists Eight Sleep as a password sign-in', async () => {
    expect(await source()).toMatchObject({
      status: 'disconnected',
      configured: true,
      connectMethod: 'credentials',
    });
  });

  it('refuses a wrong password with a clear message and saves no connection', async () => {
    const res = await connect('wrong-password');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.message).toMatch(
      /Eight Sleep did not accept the sign-in: the email or password is wrong/,
    );
    expect(res.body).not.toContain('wrong-password');
    expect(await source()).toMatchObject({ status: 'disconnected' });
    const saved = await t.db.kysely
      .selectFrom('source_connections')
      .selectAll()
      .where('kind', '=', 'eight_sleep')
      .execute();
    expect(saved).toEqual([]);
  });

  it('signs in once and syncs a year of nights, following the `next` cursor', async () => {
    const started = performance.now();
    const res = await connect(PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    await t.syncRunner.idle();
    const elapsed = performance.now() - started;

    const status = await syncStatus(t, ada, 'eight_sleep');
    expect(status).toMatchObject({ state: 'idle', status: 'connected', error: null });
    expect(status.progress.pages).toBeGreaterThan(30); // ten sessions a page

    const stats = await syncStats(t, ada, 'eight_sleep');
    const count = (kind: string) => stats.metrics.find((m) => m.metric === kind)?.samples ?? 0;
    expect(count('sleep_duration')).toBeGreaterThan(330);
    expect(count('heart_rate')).toBe(count('sleep_duration'));
    expect(count('respiratory_rate')).toBe(count('sleep_duration'));
    expect(count('heart_rate_variability')).toBe(count('sleep_duration'));
    const run = stats.history[0]!;
    expect(run).toMatchObject({ status: 'succeeded' });
    expect(run.requests).toBe(fake.control.requests!());
    expect(run.requests).toBe(1 + status.progress.pages); // /v1/users/me, then one per page
    expect(run.inserted).toBe(run.samples);
    console.info(
      `[figures] Eight Sleep one-year sync on ${dialect}: ${Math.round(elapsed)} ms, ${run.requests} requests, ` +
        `${status.progress.pages} pages, ${run.inserted} samples written (${count('sleep_duration')} nights)`,
    );

    // The refresh token Eight Sleep gave is kept (sealed); the password is not.
    const connection = await t.db.kysely
      .selectFrom('source_connections')
      .selectAll()
      .where('kind', '=', 'eight_sleep')
      .executeTakeFirstOrThrow();
    const tokens = TokenVault.open(t.config.dataDir, t.config.encryptionKey).unseal(connection.tokens!)!;
    expect(tokens).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresAt: NOW + 86_400_000,
      extra: { userId: expect.any(String) },
    });
    expect(JSON.stringify(tokens)).not.toContain(PASSWORD);
  });

  it('maps units: asleep minutes to hours, breaths and beats per minute', async () => {
    const sleep = await metric('sleep_duration', '2026-11-01', '2026-11-21');
    expect(sleep.length).toBeGreaterThan(15);
    for (const night of sleep) {
      expect(night.sum).toBeGreaterThan(5);
      expect(night.sum).toBeLessThan(10);
    }
    const breathing = await metric('respiratory_rate', '2026-11-01', '2026-11-21');
    expect(breathing[0]!.avg).toBeGreaterThan(12);
    expect(breathing[0]!.avg).toBeLessThan(17);
    const heart = await metric('heart_rate', '2026-11-01', '2026-11-21');
    expect(heart[0]!.avg).toBeGreaterThan(50);
    expect(heart[0]!.avg).toBeLessThan(70);
    const rows = await t.db.kysely
      .selectFrom('samples')
      .select(['start_at', 'end_at', 'origin_id', 'utc_offset_min', 'tz'])
      .where('source', '=', 'eight_sleep')
      .where('kind', '=', 'sleep_duration')
      .execute();
    for (const row of rows.slice(0, 20)) {
      expect(row.origin_id).toBe(String(Number(row.start_at) / 1000));
      expect(row.tz).toBe('America/New_York');
      expect([-300, -240]).toContain(row.utc_offset_min);
    }
  });

  it('syncs only what changed next time, and a re-sync of the year adds nothing', async () => {
    const before = fake.control.requests!();
    const incremental = await syncNow(t, ada, 'eight_sleep');
    expect(fake.control.requests!() - before).toBe(2); // /v1/users/me and the newest page
    expect(incremental.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    const again = await syncNow(t, ada, 'eight_sleep', 365);
    expect(again.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    expect(again.history[0]!.samples).toBeGreaterThan(1_300);
  });

  it('writes a night once whether it came from the export or the API', async () => {
    // Ben imports the export's sleep_nights.json holding his three newest nights, then connects.
    const token = await fetch(`${fake.url}/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: 'c',
        client_secret: 's',
        grant_type: 'password',
        username: 'ben@example.com',
        password: PASSWORD,
      }),
    }).then((r) => r.json() as Promise<{ access_token: string; userId: string }>);
    const page = await fetch(`${fake.url}/v1/users/${token.userId}/intervals`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    }).then((r) => r.json() as Promise<{ intervals: Session[] }>);
    const nights = page.intervals.slice(0, 3);
    const exported = {
      sessions: nights.map((n) => ({
        ts: Date.parse(n.ts) / 1000,
        stages: n.stages,
        timeseries: n.timeseries,
      })),
    };
    const job = await importFile(t, ben, 'sleep_nights.json', JSON.stringify(exported));
    expect(job).toMatchObject({ status: 'succeeded' });

    const res = await connect(PASSWORD, ben);
    expect(res.statusCode, res.body).toBe(200);
    await t.syncRunner.idle();
    const ids = nights.map((n) => String(Date.parse(n.ts) / 1000));
    const benId = (
      await t.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'ben@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    const rows = await t.db.kysely
      .selectFrom('samples')
      .select(['origin_id', 'kind'])
      .where('user_id', '=', benId)
      .where('source', '=', 'eight_sleep')
      .where('origin_id', 'in', ids)
      .execute();
    expect(rows).toHaveLength(3 * 4); // sleep, heart rate, HRV, breathing: once per night
    const sleep = await t.db.kysely
      .selectFrom('samples')
      .select('start_at')
      .where('user_id', '=', benId)
      .where('kind', '=', 'sleep_duration')
      .where(
        'start_at',
        'in',
        nights.map((n) => Date.parse(n.ts)),
      )
      .execute();
    expect(sleep).toHaveLength(3);
  });

  it('waits out a 429 with Retry-After and finishes the sync', async () => {
    fake.control.rateLimitEvery!(2);
    const before = fake.control.requests!();
    const stats = await syncNow(t, ada, 'eight_sleep', 12);
    fake.control.rateLimitEvery!(0);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    const answered = fake.control.requests!() - before;
    expect(stats.history[0]!.requests).toBeGreaterThanOrEqual(2 * answered - 1);
  });

  it('renews the day-long session with its refresh token when it expires', async () => {
    fake.control.expireTokens!();
    const stats = await syncNow(t, ada, 'eight_sleep', 2);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    expect((await syncStatus(t, ada, 'eight_sleep')).status).toBe('connected');
  });

  it('puts the source in error and asks to sign in again when the refresh token is refused', async () => {
    fake.control.revokeGrants!();
    fake.control.expireTokens!();
    await syncNow(t, ada, 'eight_sleep', 2);
    const status = await syncStatus(t, ada, 'eight_sleep');
    expect(status.status).toBe('error');
    expect(status.error).toMatch(/Connect Eight Sleep again/);
    expect(await source()).toMatchObject({ status: 'error' });
  });

  it('disconnects, keeping the nights unless asked to delete them', async () => {
    const kept = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/eight_sleep/disconnect',
      headers: ada,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ deletedSamples: 0, revoked: false });
    expect((await metric('sleep_duration', '2026-11-01', '2026-11-21')).length).toBeGreaterThan(15);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/data-sources/eight_sleep/disconnect',
      headers: ada,
      payload: { deleteData: true },
    });
    expect(deleted.json().data.deletedSamples).toBeGreaterThan(1_300);
    expect(await metric('sleep_duration', '2026-11-01', '2026-11-21')).toEqual([]);
  });
});
