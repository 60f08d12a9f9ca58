import { withings } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../databases';
import {
  connectAndSync,
  connectorFixture,
  countedSync,
  expectDisconnect,
  expectForgedStateRefused,
  expectReconnectAsked,
  expectRefreshOnExpiry,
  expectReplayRefused,
  expectResyncAddsNothing,
  sampleCounter,
  syncThrough429,
  type ConnectorFixture,
} from './helpers';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(testDialects)('the Withings connector against its fake on %s', (dialect) => {
  let f: ConnectorFixture;
  beforeAll(async () => {
    f = await connectorFixture(withings, dialect, { tz: 'America/New_York' });
  });
  afterAll(() => f.close());

  /** A token straight from the fake, to call it as a client would. */
  const fakeToken = async () => {
    const redirect = 'http://localhost/cb';
    const approve = await fetch(`${f.fake.url}/oauth2_user/authorize2`, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'allow', redirect_uri: redirect, client_id: 'test-client' }),
      redirect: 'manual',
    });
    const code = new URL(approve.headers.get('location')!).searchParams.get('code')!;
    const answer = (await (
      await fetch(`${f.fake.url}/v2/oauth2?action=requesttoken`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirect,
          client_id: 'test-client',
          client_secret: 'test-secret',
        }),
      })
    ).json()) as { status: number; body: { access_token: string; userid: string; expires_in: number } };
    return answer;
  };

  it('lists Withings as configured and sends the person to consent with comma-separated scopes', async () => {
    expect(await f.source()).toMatchObject({
      status: 'disconnected',
      configured: true,
      connectMethod: 'oauth',
    });
    const url = new URL((await f.get('/api/integrations/oauth/withings')).json().data.url);
    expect(url.pathname).toBe('/oauth2_user/authorize2');
    expect(url.searchParams.get('scope')).toBe('user.info,user.metrics,user.activity');
    expect(url.searchParams.get('response_type')).toBe('code');
  });

  it('answers tokens inside Withings’ envelope, and only for action=requesttoken', async () => {
    const answer = await fakeToken();
    expect(answer).toMatchObject({ status: 0, body: { userid: expect.any(String), expires_in: 10_800 } });
    const noAction = await fetch(`${f.fake.url}/v2/oauth2`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(await noAction.json()).toMatchObject({ status: 503 });
  });

  it('connects through the consent page and syncs a year, page by page', async () => {
    const started = performance.now();
    const { status } = await connectAndSync(f);
    const seconds = (performance.now() - started) / 1000;
    // About 600 measure groups at 100 a page, and about 335 nights at 100 a page.
    expect(status.progress.pages).toBeGreaterThanOrEqual(9);

    const stats = await f.syncStats();
    const count = sampleCounter(stats);
    for (const kind of ['weight', 'body_fat', 'fat_mass', 'muscle_mass', 'bone_mass']) {
      expect(count(kind), kind).toBeGreaterThan(280);
      expect(count(kind), kind).toBeLessThan(366);
    }
    expect(count('blood_pressure_systolic')).toBeGreaterThan(220);
    expect(count('blood_pressure_diastolic')).toBe(count('blood_pressure_systolic'));
    expect(count('heart_rate')).toBe(count('blood_pressure_systolic'));
    expect(count('sleep_duration')).toBeGreaterThan(300);
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    expect(stats.history[0]!.requests).toBe(f.fake.control.requests!());
    expect(stats.history[0]!.requests).toBe(status.progress.pages);
    console.info(
      `[withings ${dialect}] one-year sync: ${seconds.toFixed(1)} s, ${stats.history[0]!.requests} requests, ` +
        `${stats.history[0]!.inserted} samples written`,
    );
  }, 60_000);

  it('maps value × 10^unit to kilograms, percent, mm[Hg] and hours of sleep', async () => {
    const weight = await f.metric('weight', '2026-11-01', '2026-11-21');
    expect(weight.length).toBeGreaterThan(12);
    for (const day of weight) {
      expect(day.avg).toBeGreaterThan(77);
      expect(day.avg).toBeLessThan(84);
    }
    // The guest on the scale (about 63 kg) is never anyone's weight here.
    const year = await f.metric('weight', '2025-11-22', '2026-11-21');
    expect(Math.min(...year.map((d) => d.min))).toBeGreaterThan(75);

    const fat = await f.metric('body_fat', '2026-11-01', '2026-11-21');
    const fatMass = await f.metric('fat_mass', '2026-11-01', '2026-11-21');
    expect(fat[0]!.avg).toBeGreaterThan(19);
    expect(fat[0]!.avg).toBeLessThan(27);
    expect(fatMass[0]!.avg / weight[0]!.avg).toBeCloseTo(fat[0]!.avg / 100, 2);
    const bone = await f.metric('bone_mass', '2026-11-01', '2026-11-21');
    expect(bone[0]!.avg).toBeCloseTo(3.4, 0);

    const systolic = await f.metric('blood_pressure_systolic', '2026-10-01', '2026-11-21');
    const diastolic = await f.metric('blood_pressure_diastolic', '2026-10-01', '2026-11-21');
    expect(systolic.length).toBeGreaterThan(20);
    for (const day of systolic) {
      expect(day.avg).toBeGreaterThan(95);
      expect(day.avg).toBeLessThan(160);
    }
    for (const day of diastolic) {
      expect(day.avg).toBeGreaterThan(55);
      expect(day.avg).toBeLessThan(105);
    }

    const sleep = await f.metric('sleep_duration', '2026-11-01', '2026-11-21');
    expect(sleep.length).toBeGreaterThan(15);
    for (const night of sleep) {
      expect(night.sum).toBeGreaterThan(4.5);
      expect(night.sum).toBeLessThan(9.5);
    }
  });

  it('stores the instants and offsets Withings gives, with importer-compatible ids', async () => {
    const rows = await f.t.db.kysely
      .selectFrom('samples')
      .select(['kind', 'start_at', 'end_at', 'utc_offset_min', 'tz', 'origin_id', 'device'])
      .where('source', '=', 'withings')
      .where('kind', 'in', ['weight', 'sleep_duration'])
      .orderBy('start_at')
      .execute();
    const weight = rows.find((r) => r.kind === 'weight' && Number(r.start_at) > Date.parse('2026-07-01'))!;
    expect(weight).toMatchObject({ utc_offset_min: -240, tz: 'America/New_York', device: 'Body+' });
    expect(weight.origin_id).toBe(`weight:${new Date(Number(weight.start_at)).toISOString()}`);
    const night = rows.find(
      (r) => r.kind === 'sleep_duration' && Number(r.start_at) > Date.parse('2026-11-10'),
    )!;
    expect(night.utc_offset_min).toBe(-300);
    expect(Number(night.end_at) - Number(night.start_at)).toBeGreaterThan(6 * 3600_000);
    expect(night.origin_id).toBe(`sleep:${new Date(Number(night.start_at)).toISOString()}`);
  });

  it('accepts reads by POST with form parameters, as documented, and by GET', async () => {
    const { body } = await fakeToken();
    const auth = { authorization: `Bearer ${body.access_token}` };
    const params = 'action=getmeas&meastypes=1&category=1&startdate=1790000000&enddate=1795000000';
    type Answer = { status: number; body: { measuregrps: unknown[] } };
    const byPost = (await (
      await fetch(`${f.fake.url}/measure`, { method: 'POST', headers: { ...auth, ...form }, body: params })
    ).json()) as Answer;
    const byGet = (await (
      await fetch(`${f.fake.url}/measure?${params}`, { headers: auth })
    ).json()) as Answer;
    expect(byPost.status).toBe(0);
    expect(byPost.body.measuregrps.length).toBeGreaterThan(10);
    expect(byPost).toEqual(byGet);
    const unknown = (await (
      await fetch(`${f.fake.url}/measure?action=nope`, { headers: auth })
    ).json()) as Answer;
    expect(unknown.status).not.toBe(0);
    const expired = await fetch(`${f.fake.url}/v2/sleep?action=getsummary`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({
      status: 401,
      error: expect.stringMatching(/invalid_token/),
    });
  });

  it('syncs only what changed on the next sync, and a re-sync of 90 days adds nothing', async () => {
    const incremental = await countedSync(f);
    expect(incremental.requests).toBe(2); // one page of each service
    expect(incremental.stats.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    await expectResyncAddsNothing(f, 90, 90 * 5);
  });

  it('refreshes an expired access token and goes on', async () => {
    await expectRefreshOnExpiry(f, 3);
  });

  it('waits out a 429 with Retry-After and finishes the sync', async () => {
    const { stats, answered } = await syncThrough429(f, 120);
    expect(answered).toBeGreaterThanOrEqual(4); // two pages of measures, two of nights
    expect(stats.history[0]!.requests).toBeGreaterThanOrEqual(2 * answered - 1);
  });

  it('refuses a forged or replayed state on the callback', async () => {
    await expectForgedStateRefused(f);
    await expectReplayRefused(f);
  }, 60_000);

  it('puts the source in error and asks to reconnect when Withings refuses the refresh token', async () => {
    await expectReconnectAsked(f, 2, 'Withings');
  });

  it('disconnects (no revocation in the public API), keeping or deleting the data as asked', async () => {
    await expectDisconnect(f, {
      keeper: f.ben,
      revoked: false,
      deleted: 2000,
      gone: async () => expect(await f.metric('weight', '2026-11-01', '2026-11-21')).toEqual([]),
    });
  });
});
