import { withings } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../databases';
import { connectThroughConsent, DAY_MS } from '../sources/helpers';
import { lastOf, pushFixture, type PushFixture } from './push-helpers';

describe.each(testDialects)('Withings notifications on %s', (dialect) => {
  let f: PushFixture;

  beforeAll(async () => {
    f = await pushFixture(dialect, withings);
  });
  afterAll(async () => {
    await f.close();
  });

  const post = (form: Record<string, string>) =>
    fetch(`${f.base}/api/provider-webhooks/withings`, { method: 'POST', body: new URLSearchParams(form) });

  it('answers Withings’ HEAD check and subscribes weight, blood pressure and sleep on connect', async () => {
    const head = await fetch(`${f.base}/api/provider-webhooks/withings`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    await connectThroughConsent(f.t, await f.ada(), 'withings');
    await f.t.syncRunner.idle();
    await f.t.providerPush.idle();
    // One callback per category the connector reads (the fake checked each with a HEAD first); none for
    // activity (16), which it does not read.
    const now = Math.floor(f.clock.ms / 1000);
    for (const appli of [1, 4, 44]) {
      expect(
        await f.fake.control.push!({ appli, startdate: now - 60, enddate: now }),
        `appli ${appli}`,
      ).toEqual([200]);
    }
    expect(await f.fake.control.push!({ appli: 16, startdate: now - 60, enddate: now })).toEqual([]);
    await f.t.syncRunner.idle();
  }, 120_000);

  it('a notification brings the new weigh-in without a scheduled sync; a forged one changes nothing', async () => {
    const before = await f.stats('withings');
    const lastBefore = lastOf(before, 'weight');
    f.clock.advance(DAY_MS);

    // Withings signs nothing: a notification naming someone not connected here is acknowledged and
    // ignored (nothing says whether they are), one that is not a notification refused.
    const stranger = await post({ userid: '99999', appli: '1', startdate: '1', enddate: String(2e9) });
    expect(stranger.status).toBe(200);
    const malformed = await post({ userid: 'x', appli: '1' });
    expect(malformed.status).toBe(400);
    await f.t.syncRunner.idle();
    expect((await f.stats('withings')).history).toHaveLength(before.history.length);

    // This morning's weigh-in (the fake's groups of the 23rd), notified for its window.
    const startdate = Math.floor((f.clock.ms - DAY_MS) / 1000);
    const enddate = Math.floor(f.clock.ms / 1000);
    const started = performance.now();
    expect(await f.fake.control.push!({ appli: 1, startdate, enddate })).toEqual([200]);
    await f.t.syncRunner.idle();
    const after = await f.stats('withings');
    const ms = performance.now() - started;
    expect(after.history).toHaveLength(before.history.length + 1);
    expect(after.history[0]).toMatchObject({ status: 'succeeded' });
    const lastAfter = lastOf(after, 'weight');
    expect(lastAfter).toBeGreaterThan(lastBefore);
    expect(lastAfter).toBeGreaterThan(startdate * 1000);
    console.info(`Withings notification → new weigh-in readable through the API: ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(10_000);
  });

  it('revokes the person’s notifications before disconnecting', async () => {
    const res = await f.t.app.inject({
      method: 'POST',
      url: '/api/data-sources/withings/disconnect',
      headers: await f.ada(),
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const appli of [1, 4, 44]) {
      expect(await f.fake.control.push!({ appli, startdate: 0, enddate: 0 })).toEqual([]);
    }
  });
});
