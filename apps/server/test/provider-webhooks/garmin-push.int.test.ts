import { garmin } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../databases';
import { connectThroughConsent, DAY_MS } from '../sources/helpers';
import { lastOf, pushFixture, setPortalUrl, type PushFixture } from './push-helpers';

/** The Garmin user of the fake (packages/connectors/src/garmin/fake.ts). */
const GARMIN_USER = 'b3a4c7e2-9f1d-4a8e-8c55-2d6f0e1a9b77';

describe.each(testDialects)('Garmin notifications on %s', (dialect) => {
  let f: PushFixture;

  beforeAll(async () => {
    f = await pushFixture(dialect, garmin);
  });
  afterAll(async () => {
    await f.close();
  });

  const post = (body: unknown) =>
    fetch(`${f.base}/api/provider-webhooks/garmin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  /** A ping as Garmin sends it: the pull URL of the upload window, with its pull token. */
  const ping = (origin: string, userId: string, from: number, to: number) => ({
    dailies: [
      {
        userId,
        callbackURL: `${origin}/wellness-api/rest/dailies?uploadStartTimeInSeconds=${Math.floor(from / 1000)}&uploadEndTimeInSeconds=${Math.floor(to / 1000)}&token=XXXXX`,
      },
    ],
  });

  it('a ping brings yesterday’s day without a scheduled sync; forged pings change nothing', async () => {
    await connectThroughConsent(f.t, await f.ada(), 'garmin');
    await f.t.syncRunner.idle();
    await f.t.providerPush.idle();
    // Garmin's endpoints are set in its developer portal, by the operator (module README).
    await setPortalUrl(f.fake, `${f.base}/api/provider-webhooks/garmin`);
    const before = await f.stats('garmin');
    const lastBefore = lastOf(before, 'steps');

    // The next afternoon: the watch has uploaded the whole of the 22nd (New York) and part of the 23rd.
    f.clock.advance(DAY_MS + 6 * 3_600_000);
    const from = f.clock.ms - DAY_MS;

    // Garmin signs nothing. A ping naming someone not connected here is acknowledged and ignored; one for
    // the person whose pull URL is not Garmin's is refused; what is not a notification too.
    expect((await post(ping(f.fake.url, 'someone-else', from, f.clock.ms))).status).toBe(200);
    const elsewhere = await post(ping('https://attacker.example', GARMIN_USER, from, f.clock.ms));
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toEqual({
      error: { code: 'forbidden', message: 'The ping does not come from Garmin.' },
    });
    expect((await post([1, 2])).status).toBe(400);
    await f.t.syncRunner.idle();
    expect((await f.stats('garmin')).history).toHaveLength(before.history.length);

    const started = performance.now();
    expect(await f.fake.control.notify!(from, f.clock.ms)).toEqual([200]);
    await f.t.syncRunner.idle();
    const after = await f.stats('garmin');
    const ms = performance.now() - started;
    expect(after.history).toHaveLength(before.history.length + 1);
    expect(after.history[0]).toMatchObject({ status: 'succeeded' });
    const lastAfter = lastOf(after, 'steps');
    expect(lastAfter).toBeGreaterThan(lastBefore);
    console.info(`Garmin ping → new day readable through the API: ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(10_000);
  }, 120_000);

  it('a deregistration asks the person to connect again', async () => {
    expect((await post({ deregistrations: [{ userId: GARMIN_USER }] })).status).toBe(200);
    const res = await f.t.app.inject({ method: 'GET', url: '/api/data-sources', headers: await f.ada() });
    const { items } = (res.json() as { data: { items: { kind: string; status: string }[] } }).data;
    const source = items.find((s) => s.kind === 'garmin');
    expect(source).toMatchObject({
      status: 'error',
      lastError:
        'Garmin Connect access was removed at Garmin Connect. Connect Garmin Connect again to keep syncing.',
    });
  });
});
