import { createHmac } from 'node:crypto';
import net from 'node:net';
import { oura } from '@healthfolio/connectors';
import type { SyncStats } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, FakeClock, signIn } from '../identity/helpers';
import { connectThroughConsent, DAY_MS, fakeEnv, NOW, startFake, type RunningFake } from '../sources/helpers';

const CLIENT = { clientId: 'test-client', clientSecret: 'test-secret' };
/** The sandbox person's Oura id (personal_info of packages/connectors/src/oura/fake.ts). */
const OURA_USER = 'sandbox-oura-user';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Oura's signature, written out from its documentation: HMAC-SHA256(client secret, timestamp + body), upper-case hex. */
const sign = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret)
    .update(timestamp + body)
    .digest('hex')
    .toUpperCase();

describe.each(testDialects)('Oura webhook events on %s', (dialect) => {
  const clock = new FakeClock(NOW);
  let t: TestApp;
  let fake: RunningFake;
  let base: string;
  let ada: Record<string, string>;

  beforeAll(async () => {
    fake = await startFake(oura, { now: clock.now, ...CLIENT });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp(dialect, { ...fakeEnv('oura', fake), PUBLIC_URL: base }, { now: clock.now });
    await t.app.listen({ host: '127.0.0.1', port });
    await createUser(t, 'ada@example.com');
    ada = bearer((await signIn(t)).accessToken);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const stats = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/data-sources/oura/sync-stats', headers: ada });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: SyncStats }).data;
  };
  const subscriptions = async () => {
    const res = await fetch(`${fake.url}/v2/webhook/subscription`, {
      headers: { 'x-client-id': CLIENT.clientId, 'x-client-secret': CLIENT.clientSecret },
    });
    return (await res.json()) as {
      callback_url: string;
      event_type: string;
      data_type: string;
      expiration_time: string;
    }[];
  };
  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${base}/api/provider-webhooks/oura`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('subscribes per event and data type on connect, answering Oura’s challenge', async () => {
    await connectThroughConsent(t, ada, 'oura');
    await t.syncRunner.idle();
    await t.providerPush.idle();
    const subs = await subscriptions();
    expect(subs.map((s) => `${s.event_type} ${s.data_type}`).sort()).toEqual([
      'create daily_activity',
      'create daily_spo2',
      'create sleep',
      'update daily_activity',
      'update daily_spo2',
      'update sleep',
    ]);
    expect(new Set(subs.map((s) => s.callback_url))).toEqual(new Set([`${base}/api/provider-webhooks/oura`]));
    const forged = await fetch(`${base}/api/provider-webhooks/oura?verification_token=guess&challenge=x`);
    expect(forged.status).toBe(403);
    // The first sync reads a year of Oura (heart rate every 5 minutes): room for a loaded machine.
  }, 120_000);

  it('a signed event brings the new day without a scheduled sync; a forged one is refused', async () => {
    const before = await stats();
    const lastBefore = Date.parse(before.metrics.find((m) => m.metric === 'steps')!.last!);
    clock.advance(DAY_MS);
    ada = bearer((await signIn(t)).accessToken);
    const event = {
      event_type: 'create',
      data_type: 'daily_activity',
      object_id: 'activity-today',
      event_time: new Date(clock.ms).toISOString(),
      user_id: OURA_USER,
    };
    const body = JSON.stringify(event);
    const timestamp = String(Math.floor(clock.ms / 1000));
    // Signed with another secret, or the body changed after signing: refused, nothing queued.
    expect(
      (
        await post(body, {
          'x-oura-timestamp': timestamp,
          'x-oura-signature': sign('guess', timestamp, body),
        })
      ).status,
    ).toBe(401);
    const tampered = body.replace(OURA_USER, 'someone-else');
    expect(
      (
        await post(tampered, {
          'x-oura-timestamp': timestamp,
          'x-oura-signature': sign(CLIENT.clientSecret, timestamp, body),
        })
      ).status,
    ).toBe(401);
    await t.syncRunner.idle();
    expect((await stats()).history).toHaveLength(before.history.length);

    const started = performance.now();
    expect(await fake.control.push!(event)).toEqual([200]);
    await t.syncRunner.idle();
    const after = await stats();
    const ms = performance.now() - started;
    expect(after.history).toHaveLength(before.history.length + 1);
    expect(after.history[0]).toMatchObject({ status: 'succeeded' });
    expect(Date.parse(after.metrics.find((m) => m.metric === 'steps')!.last!)).toBeGreaterThan(lastBefore);
    console.info(`Oura push → new day readable through the API: ${ms.toFixed(0)} ms`);
    // Target 5 s (measured 1.3–3.1 s with the machine's load near 40); room left for a busy CI runner.
    expect(ms).toBeLessThan(10_000);
  });

  it('renews the subscriptions on the schedule before they expire, and makes them again once expired', async () => {
    const event = {
      event_type: 'create',
      data_type: 'daily_activity',
      object_id: 'activity-later',
      user_id: OURA_USER,
    };
    const push = () => fake.control.push!({ ...event, event_time: new Date(clock.ms).toISOString() });
    // A month on, the schedule renews them: 90 days from now again.
    clock.advance(31 * DAY_MS);
    await t.syncRunner.schedule();
    await t.syncRunner.idle();
    const renewed = await subscriptions();
    expect(renewed).toHaveLength(6);
    for (const s of renewed) {
      expect(Date.parse(s.expiration_time)).toBe(clock.ms + 90 * DAY_MS);
    }
    expect(await push()).toEqual([200]);
    await t.syncRunner.idle();

    // A server left off for four months: Oura let them lapse, and pushes nothing.
    clock.advance(120 * DAY_MS);
    expect(await push()).toEqual([]);
    await t.syncRunner.schedule();
    await t.syncRunner.idle();
    expect(await push()).toEqual([200]);
    // The lapsed ones removed, six made again.
    const remade = await subscriptions();
    expect(remade).toHaveLength(6);
    expect(remade.every((s) => Date.parse(s.expiration_time) === clock.ms + 90 * DAY_MS)).toBe(true);
    await t.syncRunner.idle();
  }, 180_000);
});
