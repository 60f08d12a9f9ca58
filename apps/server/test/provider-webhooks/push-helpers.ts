import net from 'node:net';
import type { Connector } from '@healthfolio/connectors';
import type { SyncStats } from '@healthfolio/core';
import type { FakeOptions } from '@healthfolio/sandbox';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import type { TestDialect } from '../databases';
import { bearer, createUser, FakeClock, signIn } from '../identity/helpers';
import { fakeEnv, NOW, startFake, type RunningFake } from '../sources/helpers';

export const CLIENT = { clientId: 'test-client', clientSecret: 'test-secret' };

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface PushFixture {
  t: TestApp;
  fake: RunningFake;
  clock: FakeClock;
  /** Where the server listens: its PUBLIC_URL, where the provider posts. */
  base: string;
  /** Ada's credentials (signed in again after the clock moves, as sessions expire). */
  ada(): Promise<Record<string, string>>;
  stats(kind: string): Promise<SyncStats>;
  close(): Promise<void>;
}

/**
 * A provider's fake on loopback and the server listening at its PUBLIC_URL (the fake posts there, as the
 * provider would to the server's public name), its schedule off: only a push brings new data.
 */
export async function pushFixture(
  dialect: TestDialect,
  connector: Connector,
  options: FakeOptions = {},
): Promise<PushFixture> {
  const clock = new FakeClock(NOW);
  const fake = await startFake(connector, { now: clock.now, ...CLIENT, pushEveryMs: 0, ...options });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const kind = connector.manifest.kind;
  const t = await createTestApp(dialect, { ...fakeEnv(kind, fake), PUBLIC_URL: base }, { now: clock.now });
  await t.app.listen({ host: '127.0.0.1', port });
  await createUser(t, 'ada@example.com');
  const ada = async () => bearer((await signIn(t)).accessToken);
  return {
    t,
    fake,
    clock,
    base,
    ada,
    async stats(kind: string) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/data-sources/${kind}/sync-stats`,
        headers: await ada(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: SyncStats }).data;
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/** The operator enters the webhook URL in the provider's developer portal (the fake's stand-in for it). */
export async function setPortalUrl(fake: RunningFake, url: string): Promise<void> {
  const res = await fetch(`${fake.url}/sandbox-portal/webhook`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, url }),
  });
  expect(res.status).toBe(200);
}

/** The last reading of a metric, epoch ms. */
export const lastOf = (stats: SyncStats, metric: string) =>
  Date.parse(stats.metrics.find((m) => m.metric === metric)!.last!);
