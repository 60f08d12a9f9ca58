import { createHmac } from 'node:crypto';
import net from 'node:net';
import { strava } from '@healthfolio/connectors';
import type { SyncStats } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, FakeClock, signIn } from '../identity/helpers';
import { connectThroughConsent, DAY_MS, fakeEnv, NOW, startFake, type RunningFake } from '../sources/helpers';
import { startReceiver } from '../webhooks/receiver';

/** The sandbox athlete the Strava fake answers for (packages/connectors/src/strava/athlete-year.ts). */
const ATHLETE_ID = 134_815;
const CLIENT = { clientId: 'test-client', clientSecret: 'test-secret' };

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(testDialects)('Strava webhook events on %s', (dialect) => {
  const clock = new FakeClock(NOW);
  let t: TestApp;
  let fake: RunningFake;
  let base: string;
  let ada: Record<string, string>;

  beforeAll(async () => {
    fake = await startFake(strava, { now: clock.now, ...CLIENT, pushEveryMs: 0 });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // The fake posts to PUBLIC_URL: the server listens there, as it would behind its public name.
    t = await createTestApp(
      dialect,
      { ...fakeEnv('strava', fake), PUBLIC_URL: base, WEBHOOKS_ALLOW_PRIVATE: 'true' },
      { now: clock.now, webhookCheckMs: 0 },
    );
    await t.app.listen({ host: '127.0.0.1', port });
    await createUser(t, 'ada@example.com');
    ada = bearer((await signIn(t)).accessToken);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const stats = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/data-sources/strava/sync-stats',
      headers: ada,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: SyncStats }).data;
  };
  const subscriptions = async () => {
    const res = await fetch(`${fake.url}/push_subscriptions?client_id=test-client&client_secret=test-secret`);
    return (await res.json()) as { id: number; callback_url: string }[];
  };
  const post = (body: unknown) =>
    fetch(`${base}/api/provider-webhooks/strava`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('subscribes on connect; Strava checks the callback with hub.challenge', async () => {
    await connectThroughConsent(t, ada, 'strava');
    await t.syncRunner.idle();
    await t.providerPush.idle();
    expect(await subscriptions()).toEqual([
      expect.objectContaining({ callback_url: `${base}/api/provider-webhooks/strava` }),
    ]);

    // The verify token is ours only: derived from the app's client secret.
    const token = createHmac('sha256', CLIENT.clientSecret).update('healthfolio-push:strava').digest('hex');
    const check = await fetch(
      `${base}/api/provider-webhooks/strava?hub.mode=subscribe&hub.challenge=abc123&hub.verify_token=${token}`,
    );
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ 'hub.challenge': 'abc123' });
    const forged = await fetch(
      `${base}/api/provider-webhooks/strava?hub.mode=subscribe&hub.challenge=abc123&hub.verify_token=guess`,
    );
    expect(forged.status).toBe(403);
  });

  it('a pushed activity brings the new day without a scheduled sync; a forged event is refused', async () => {
    const before = await stats();
    const lastBefore = Date.parse(before.metrics.find((m) => m.metric === 'workout')!.last!);
    expect(lastBefore).toBeLessThan(NOW);

    // Tuesday afternoon in Denver: Ada ran her intervals this morning. Nothing is scheduled (the test
    // server's schedule is off), so only the push can bring them.
    clock.advance(2 * DAY_MS + 8 * 3_600_000);
    ada = bearer((await signIn(t)).accessToken);
    const [subscription] = await subscriptions();
    const event = {
      object_type: 'activity',
      object_id: 10_000_000_001,
      aspect_type: 'create',
      updates: {},
      owner_id: ATHLETE_ID,
      subscription_id: subscription!.id + 1,
      event_time: Math.floor(clock.ms / 1000),
    };
    // Strava does not sign events: one naming another subscription is not Strava's to us.
    const forged = await post(event);
    expect(forged.status).toBe(403);
    await t.syncRunner.idle();
    expect((await stats()).history).toHaveLength(before.history.length);

    // The person's own webhook hears of the sync and of the new readings (kinds and days, no values).
    const receiver = await startReceiver();
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: ada,
      payload: { url: receiver.url, events: ['sync.finished', 'samples.created'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);

    const started = performance.now();
    expect(await fake.control.push!({ ...event, subscription_id: undefined })).toEqual([200]);
    await t.syncRunner.idle();
    const after = await stats();
    const ms = performance.now() - started;
    expect(after.history).toHaveLength(before.history.length + 1);
    expect(after.history[0]).toMatchObject({ status: 'succeeded' });
    const lastAfter = Date.parse(after.metrics.find((m) => m.metric === 'workout')!.last!);
    expect(lastAfter).toBeGreaterThan(NOW);
    expect(lastAfter).toBeLessThan(clock.ms);
    console.info(`Strava push → new workout readable through the API: ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(5_000);

    await t.webhookDelivery.idle();
    await t.webhookDelivery.deliverDue();
    const messages = receiver.received.map(
      (r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> },
    );
    await receiver.close();
    expect(messages.map((m) => m.type)).toEqual(['sync.finished', 'samples.created']);
    expect(messages[0]!.data).toMatchObject({ source: 'strava', status: 'succeeded', error: null });
    expect(messages[0]!.data.inserted as number).toBeGreaterThan(0);
    const created = messages[1]!.data as unknown as { source: string; kinds: { kind: string; to: string }[] };
    expect(created.source).toBe('strava');
    const workouts = created.kinds.find((k) => k.kind === 'workout');
    expect(workouts?.to).toBe(new Date(lastAfter).toISOString().slice(0, 10));
    expect(JSON.stringify(messages[1])).not.toContain('"value"');
  });

  it('acknowledges an athlete not connected here, and removes the subscription with the last connection', async () => {
    const [subscription] = await subscriptions();
    const stranger = await post({
      object_type: 'activity',
      object_id: 1,
      aspect_type: 'create',
      owner_id: 42,
      subscription_id: subscription!.id,
      event_time: Math.floor(clock.ms / 1000),
    });
    expect(stranger.status).toBe(200);

    ada = bearer((await signIn(t)).accessToken);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/data-sources/strava/disconnect',
      headers: ada,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.providerPush.idle();
    expect(await subscriptions()).toEqual([]);
  });
});
