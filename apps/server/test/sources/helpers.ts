import type { Connector, FakeControl, FakeOptions } from '@healthfolio/connectors';
import type { DataSource, SyncStats, SyncStatus } from '@healthfolio/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../app';

export interface RunningFake {
  url: string;
  control: FakeControl;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** A provider's fake listening on loopback, as the tests' stand-in for the real API. */
export async function startFake(connector: Connector, options: FakeOptions = {}): Promise<RunningFake> {
  const control: FakeControl = {};
  const app = Fastify({ logger: false });
  await app.register(connector.fake, { ...options, control });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, control, app, close: () => app.close() };
}

/** The env that points a connector at its fake, with the client the fake accepts. */
export function fakeEnv(kind: string, fake: RunningFake): Record<string, string> {
  const prefix = kind.toUpperCase();
  return {
    [`${prefix}_CLIENT_ID`]: 'test-client',
    [`${prefix}_CLIENT_SECRET`]: 'test-secret',
    [`${prefix}_BASE_URL`]: fake.url,
  };
}

/**
 * Connects as a person would: asks our API for the consent URL, "clicks Allow" on the provider's page
 * (posting its form), follows the redirect to /oauth/callback and hands code and state back to our API.
 */
export async function connectThroughConsent(
  t: TestApp,
  auth: Record<string, string>,
  kind: string,
): Promise<{ source: DataSource; state: string; code: string }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/integrations/oauth/${kind}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  const consent = new URL((res.json() as { data: { url: string } }).data.url);
  const form = new URLSearchParams({ decision: 'allow' });
  for (const name of [
    'client_id',
    'redirect_uri',
    'state',
    'scope',
    'code_challenge',
    'code_challenge_method',
  ]) {
    const value = consent.searchParams.get(name);
    if (value) form.set(name, value);
  }
  const approve = await fetch(consent.origin + consent.pathname, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(approve.status).toBe(302);
  const back = new URL(approve.headers.get('location')!);
  expect(back.pathname).toBe('/oauth/callback');
  const code = back.searchParams.get('code')!;
  const state = back.searchParams.get('state')!;
  const done = await t.app.inject({
    method: 'POST',
    url: '/api/integrations/oauth/callback',
    headers: auth,
    payload: { code, state },
  });
  expect(done.statusCode, done.body).toBe(200);
  return { source: (done.json() as { data: { source: DataSource } }).data.source, state, code };
}

export async function syncStatus(
  t: TestApp,
  auth: Record<string, string>,
  kind: string,
): Promise<SyncStatus> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/data-sources/${kind}/sync-status`,
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: SyncStatus }).data;
}

export async function syncStats(t: TestApp, auth: Record<string, string>, kind: string): Promise<SyncStats> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/data-sources/${kind}/sync-stats`,
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: SyncStats }).data;
}

/** Asks for a sync and waits for it (and everything it set off) to finish. */
export async function syncNow(t: TestApp, auth: Record<string, string>, kind: string, days?: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/integrations/${kind}/sync${days ? `?days=${days}` : ''}`,
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(202);
  await t.syncRunner.idle();
  return syncStats(t, auth, kind);
}
