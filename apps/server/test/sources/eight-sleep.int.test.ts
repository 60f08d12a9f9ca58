import { eightSleep } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenVault } from '../../src/modules/sources/token-vault';
import { testDialects } from '../databases';
import { importFile } from '../imports/helpers';
import {
  connectorFixture,
  countedSync,
  DAY_MS,
  expectDisconnect,
  expectReconnectAsked,
  expectRefreshOnExpiry,
  expectResyncAddsNothing,
  firstSyncDone,
  NOW,
  sampleCounter,
  syncThrough429,
  type ConnectorFixture,
} from './helpers';
import { userNo } from '../../src/db/user-number';

/** The password the Eight Sleep fake accepts. */
const PASSWORD = 'sandbox';

interface Session {
  ts: string;
  stages: unknown[];
  timeseries: Record<string, unknown>;
}

describe.each(testDialects)('the Eight Sleep connector against its fake on %s', (dialect) => {
  let f: ConnectorFixture;
  beforeAll(async () => {
    f = await connectorFixture(eightSleep, dialect);
  });
  afterAll(() => f.close());

  const connect = (password: string, auth = f.ada) =>
    f.t.app.inject({
      method: 'POST',
      url: '/api/integrations/eight_sleep/connect',
      headers: auth,
      payload: { username: 'ada@example.com', password },
    });

  it('lists Eight Sleep as a password sign-in', async () => {
    expect(await f.source()).toMatchObject({
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
    expect(await f.source()).toMatchObject({ status: 'disconnected' });
    const saved = await f.t.db.kysely
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
    const status = await firstSyncDone(f);
    const elapsed = performance.now() - started;
    expect(status.progress.pages).toBeGreaterThan(30); // ten sessions a page

    const stats = await f.syncStats();
    const count = sampleCounter(stats);
    expect(count('sleep_duration')).toBeGreaterThan(330);
    expect(count('heart_rate')).toBe(count('sleep_duration'));
    expect(count('respiratory_rate')).toBe(count('sleep_duration'));
    expect(count('heart_rate_variability')).toBe(count('sleep_duration'));
    const run = stats.history[0]!;
    expect(run).toMatchObject({ status: 'succeeded' });
    expect(run.requests).toBe(f.fake.control.requests!());
    expect(run.requests).toBe(1 + status.progress.pages); // /v1/users/me, then one per page
    expect(run.inserted).toBe(run.samples);
    console.info(
      `[figures] Eight Sleep one-year sync on ${dialect}: ${Math.round(elapsed)} ms, ${run.requests} requests, ` +
        `${status.progress.pages} pages, ${run.inserted} samples written (${count('sleep_duration')} nights)`,
    );

    // The refresh token Eight Sleep gave is kept (sealed); the password is not.
    const connection = await f.t.db.kysely
      .selectFrom('source_connections')
      .selectAll()
      .where('kind', '=', 'eight_sleep')
      .executeTakeFirstOrThrow();
    const tokens = TokenVault.open(f.t.config.dataDir, f.t.config.encryptionKey).unseal(connection.tokens!)!;
    expect(tokens).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresAt: NOW + DAY_MS,
      extra: { userId: expect.any(String) },
    });
    expect(JSON.stringify(tokens)).not.toContain(PASSWORD);
  });

  it('maps units: asleep minutes to hours, breaths and beats per minute', async () => {
    const sleep = await f.metric('sleep_duration', '2026-11-01', '2026-11-21');
    expect(sleep.length).toBeGreaterThan(15);
    for (const night of sleep) {
      expect(night.sum).toBeGreaterThan(5);
      expect(night.sum).toBeLessThan(10);
    }
    const breathing = await f.metric('respiratory_rate', '2026-11-01', '2026-11-21');
    expect(breathing[0]!.avg).toBeGreaterThan(12);
    expect(breathing[0]!.avg).toBeLessThan(17);
    const heart = await f.metric('heart_rate', '2026-11-01', '2026-11-21');
    expect(heart[0]!.avg).toBeGreaterThan(50);
    expect(heart[0]!.avg).toBeLessThan(70);
    const rows = await f.t.db.kysely
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
    const incremental = await countedSync(f);
    expect(incremental.requests).toBe(2); // /v1/users/me and the newest page
    expect(incremental.stats.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    await expectResyncAddsNothing(f, 365, 1_300);
  });

  it('writes a night once whether it came from the export or the API', async () => {
    // Ben imports the export's sleep_nights.json holding his three newest nights, then connects.
    const token = await fetch(`${f.fake.url}/v1/tokens`, {
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
    const page = await fetch(`${f.fake.url}/v1/users/${token.userId}/intervals`, {
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
    const job = await importFile(f.t, f.ben, 'sleep_nights.json', JSON.stringify(exported));
    expect(job).toMatchObject({ status: 'succeeded' });

    const res = await connect(PASSWORD, f.ben);
    expect(res.statusCode, res.body).toBe(200);
    await f.t.syncRunner.idle();
    const ids = nights.map((n) => String(Date.parse(n.ts) / 1000));
    const rows = await f.t.db.kysely
      .selectFrom('samples')
      .select(['origin_id', 'kind'])
      .where('user_no', '=', userNo(f.benId))
      .where('source', '=', 'eight_sleep')
      .where('origin_id', 'in', ids)
      .execute();
    expect(rows).toHaveLength(3 * 4); // sleep, heart rate, HRV, breathing: once per night
    const sleep = await f.t.db.kysely
      .selectFrom('samples')
      .select('start_at')
      .where('user_no', '=', userNo(f.benId))
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
    const { stats, answered } = await syncThrough429(f, 12);
    expect(stats.history[0]!.requests).toBeGreaterThanOrEqual(2 * answered - 1);
  });

  it('renews the day-long session with its refresh token when it expires', async () => {
    await expectRefreshOnExpiry(f, 2);
  });

  it('puts the source in error and asks to sign in again when the refresh token is refused', async () => {
    await expectReconnectAsked(f, 2, 'Eight Sleep');
    expect(await f.source()).toMatchObject({ status: 'error' });
  });

  it('disconnects, keeping the nights unless asked to delete them', async () => {
    const nights = () => f.metric('sleep_duration', '2026-11-01', '2026-11-21');
    await expectDisconnect(f, {
      keeper: f.ada,
      revoked: false,
      kept: async () => expect((await nights()).length).toBeGreaterThan(15),
      deleted: 1_300,
      gone: async () => expect(await nights()).toEqual([]),
    });
  });
});
