import type { Connector } from '@healthfolio/connectors';
import type { DataSource, SyncStats, SyncStatus } from '@healthfolio/core';
import { fakeOf, type FakeControl, type FakeOptions, type FakeProvider } from '@healthfolio/sandbox';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import type { TestDialect } from '../databases';
import { bearer, createUser, FakeClock, signIn } from '../identity/helpers';

/** "Now" in every connector test: Sunday 22 November 2026, noon UTC (07:00 in New York); a year of data ends here. */
export const NOW = Date.parse('2026-11-22T12:00:00Z');
export const DAY_MS = 86_400_000;

/** The client an OAuth provider's fake accepts, and the one `fakeEnv` gives the server. */
const TEST_CLIENT = { clientId: 'test-client', clientSecret: 'test-secret' };

type Auth = Record<string, string>;

export interface RunningFake {
  url: string;
  control: FakeControl;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * A provider's fake listening on loopback, as the tests' stand-in for the real API: the connector's own
 * (packages/sandbox) unless `provider` is given.
 */
export async function startFake(
  connector: Connector,
  options: FakeOptions = {},
  provider: FakeProvider = fakeOf(connector.manifest.kind),
): Promise<RunningFake> {
  const control: FakeControl = {};
  const app = Fastify({ logger: false });
  await app.register(provider, { ...options, control });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, control, app, close: () => app.close() };
}

/** The env that points a connector at its fake, with the client the fake accepts. */
export function fakeEnv(kind: string, fake: RunningFake): Record<string, string> {
  const prefix = kind.toUpperCase();
  return {
    [`${prefix}_CLIENT_ID`]: TEST_CLIENT.clientId,
    [`${prefix}_CLIENT_SECRET`]: TEST_CLIENT.clientSecret,
    [`${prefix}_BASE_URL`]: fake.url,
  };
}

/** What a provider's consent form posts back: the request's own parameters. */
const CONSENT_FIELDS = [
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
];

/**
 * The person clicks "Allow" on a provider's consent page: the form posts the authorize request's
 * parameters (and `fields`, such as a SMART patient picker's choice) to `at` (the page itself unless
 * given: a sandbox's public address differs from the loopback one a test reaches). Answers the code and
 * state the provider sends back to /oauth/callback.
 */
export async function allowAtConsent(
  consent: URL,
  options: { fields?: Record<string, string>; at?: URL } = {},
): Promise<{ code: string; state: string }> {
  const form = new URLSearchParams({ decision: 'allow', ...options.fields });
  for (const name of CONSENT_FIELDS) {
    const value = consent.searchParams.get(name);
    if (value) form.set(name, value);
  }
  const approve = await fetch(options.at ?? consent.origin + consent.pathname, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(approve.status).toBe(302);
  const back = new URL(approve.headers.get('location')!);
  expect(back.pathname).toBe('/oauth/callback');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
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
  const { code, state } = await allowAtConsent(consent);
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

/** A day of `GET /api/metrics?bucket=day`. */
export interface DayBucket {
  start: string;
  sum: number;
  avg: number;
  min: number;
  max: number;
  count: number;
}

export interface ConnectorFixture {
  t: TestApp;
  fake: RunningFake;
  /** Starts at NOW; the server and the fake both read it. */
  clock: FakeClock;
  kind: string;
  /** Ada's and Ben's sign-ins (renewed by `signInAgain`), and their user ids. */
  ada: Auth;
  ben: Auth;
  adaId: string;
  benId: string;
  /** GET as Ada unless told otherwise. */
  get(url: string, auth?: Auth): Promise<LightMyRequestResponse>;
  /** Ada's day buckets of a metric, from and to local dates in the fixture's zone. */
  metric(type: string, from: string, to: string): Promise<DayBucket[]>;
  /** This connector's entry in `GET /api/data-sources`. */
  source(auth?: Auth): Promise<DataSource | undefined>;
  /** This connector's entry in `GET /api/integrations`. */
  integration(): Promise<Record<string, unknown> | undefined>;
  /** `syncNow`, `syncStatus` and `syncStats` of this connector, as Ada unless told otherwise. */
  syncNow(days?: number, auth?: Auth): Promise<SyncStats>;
  syncStatus(auth?: Auth): Promise<SyncStatus>;
  syncStats(auth?: Auth): Promise<SyncStats>;
  /** Signs Ada and Ben in again, once the clock has gone past their sessions. */
  signInAgain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The connector's fake (a generated year ending at NOW) and a server pointed at it, with Ada and Ben signed
 * up and signed in. Registers no hooks: call it from `beforeAll` and its `close` from `afterAll`.
 */
export async function connectorFixture(
  connector: Connector,
  dialect: TestDialect,
  options: { tz?: string; env?: Record<string, string>; fake?: FakeOptions; provider?: FakeProvider } = {},
): Promise<ConnectorFixture> {
  const clock = new FakeClock(NOW);
  const kind = connector.manifest.kind;
  // OAuth fakes accept only the test client; the password sign-ins' fakes accept any app client.
  const fake = await startFake(
    connector,
    {
      now: clock.now,
      ...(connector.manifest.oauth ? TEST_CLIENT : {}),
      ...options.fake,
    },
    options.provider,
  );
  const t = await createTestApp(
    dialect,
    { ...fakeEnv(kind, fake), ...options.env },
    {
      now: clock.now,
      insightDebounceMs: 60_000,
    },
  ).catch(async (error: unknown) => {
    await fake.close();
    throw error;
  });
  const tz = options.tz ?? 'UTC';
  const f: ConnectorFixture = {
    t,
    fake,
    clock,
    kind,
    ada: {},
    ben: {},
    adaId: '', // set below, once the fixture can be closed on a failure
    benId: '',
    get: (url, auth = f.ada) => t.app.inject({ method: 'GET', url, headers: auth }),
    metric: async (type, from, to) => {
      const res = await f.get(`/api/metrics?type=${type}&bucket=day&from=${from}&to=${to}&tz=${tz}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { items: DayBucket[] } }).data.items;
    },
    source: async (auth) => {
      const res = await f.get('/api/data-sources', auth);
      return (res.json() as { data: { items: DataSource[] } }).data.items.find((s) => s.kind === kind);
    },
    integration: async () => {
      const res = await f.get('/api/integrations');
      const items = (res.json() as { data: { items: { kind: string }[] } }).data.items;
      return items.find((i) => i.kind === kind);
    },
    syncNow: (days, auth = f.ada) => syncNow(t, auth, kind, days),
    syncStatus: (auth = f.ada) => syncStatus(t, auth, kind),
    syncStats: (auth = f.ada) => syncStats(t, auth, kind),
    signInAgain: async () => {
      f.ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
      f.ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
    },
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
  try {
    f.adaId = (await createUser(t, 'ada@example.com')).id;
    f.benId = (await createUser(t, 'ben@example.com')).id;
    await f.signInAgain();
  } catch (error) {
    await f.close();
    throw error;
  }
  return f;
}

/**
 * The newest sync run of a person's connection as stored, with the counts `sync-stats` does not answer
 * (`updated`, `deleted`).
 */
export async function lastRun(f: ConnectorFixture, userId = f.adaId) {
  return f.t.db.kysely
    .selectFrom('sync_runs')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** The raw payloads of one resource the person's recent syncs kept, newest first. */
export async function keptPayloads(f: ConnectorFixture, resource: string, userId = f.adaId) {
  const rows = await f.t.db.kysely
    .selectFrom('sync_payloads')
    .select('payload')
    .where('user_id', '=', userId)
    .where('resource', '=', resource)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => JSON.parse(r.payload) as unknown);
}

/** How many samples of a metric a sync's stats count (0 when none). */
export const sampleCounter = (stats: SyncStats) => (metric: string) =>
  stats.metrics.find((m) => m.metric === metric)?.samples ?? 0;

/** Connects Ada through the consent page and waits for the first sync, which must end connected. */
export async function connectAndSync(
  f: ConnectorFixture,
): Promise<{ status: SyncStatus; code: string; state: string }> {
  const { source, code, state } = await connectThroughConsent(f.t, f.ada, f.kind);
  expect(['syncing', 'connected']).toContain(source.status);
  return { status: await firstSyncDone(f), code, state };
}

/** Waits for the sync a connection set off; it must end connected, with no error. */
export async function firstSyncDone(f: ConnectorFixture): Promise<SyncStatus> {
  await f.t.syncRunner.idle();
  const status = await f.syncStatus();
  expect(status).toMatchObject({ state: 'idle', status: 'connected', error: null });
  return status;
}

/** Syncs Ada's source and counts the requests the fake answered meanwhile. */
export async function countedSync(
  f: ConnectorFixture,
  days?: number,
): Promise<{ stats: SyncStats; requests: number }> {
  const before = f.fake.control.requests!();
  const stats = await f.syncNow(days);
  return { stats, requests: f.fake.control.requests!() - before };
}

/** A re-sync of days already stored: it succeeds, reads more than `samples` samples and inserts none. */
export async function expectResyncAddsNothing(f: ConnectorFixture, days: number, samples: number) {
  const again = await f.syncNow(days);
  expect(again.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
  expect(again.history[0]!.samples).toBeGreaterThan(samples);
}

/** Access tokens expire at the provider; the sync refreshes them, succeeds and the source stays connected. */
export async function expectRefreshOnExpiry(f: ConnectorFixture, days: number) {
  f.fake.control.expireTokens!();
  const stats = await f.syncNow(days);
  expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
  expect((await f.syncStatus()).status).toBe('connected');
}

/**
 * A sync while every `every`-th request is answered 429: it must still succeed. Answers its stats and the
 * requests the fake answered with data (the 429s not counted).
 */
export async function syncThrough429(
  f: ConnectorFixture,
  days: number,
  every = 2,
): Promise<{ stats: SyncStats; answered: number }> {
  f.fake.control.rateLimitEvery!(every);
  const { stats, requests } = await countedSync(f, days).finally(() => f.fake.control.rateLimitEvery!(0));
  expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
  return { stats, answered: requests };
}

/** The provider revokes every grant and the access tokens expire: the source goes to error, asking to reconnect. */
export async function expectReconnectAsked(f: ConnectorFixture, days: number, name: string) {
  f.fake.control.revokeGrants!();
  f.fake.control.expireTokens!();
  await f.syncNow(days);
  const status = await f.syncStatus();
  expect(status.status).toBe('error');
  expect(status.error).toMatch(new RegExp(`Connect ${name} again`));
}

/** `POST /api/integrations/oauth/callback`, as a browser hands back code and state. */
export const postCallback = (f: ConnectorFixture, auth: Auth, payload: { code: string; state: string }) =>
  f.t.app.inject({ method: 'POST', url: '/api/integrations/oauth/callback', headers: auth, payload });

/** A state our API never issued is refused. */
export async function expectForgedStateRefused(f: ConnectorFixture) {
  const forged = await postCallback(f, f.ada, { code: 'whatever', state: 'forged-state-value' });
  expect(forged.statusCode).toBe(400);
  expect((forged.json() as { error: { message: string } }).error.message).toMatch(/expired or already used/);
}

/** Ben starts connecting; Ada's browser is made to deliver his callback: refused. */
export async function expectForeignStateRefused(f: ConnectorFixture) {
  const res = await f.get(`/api/integrations/oauth/${f.kind}`, f.ben);
  const state = new URL((res.json() as { data: { url: string } }).data.url).searchParams.get('state')!;
  expect((await postCallback(f, f.ada, { code: 'whatever', state })).statusCode).toBe(400);
}

/** Ben connects; his callback delivered a second time is refused. Answers the refusal. */
export async function expectReplayRefused(f: ConnectorFixture): Promise<LightMyRequestResponse> {
  const { state, code } = await connectThroughConsent(f.t, f.ben, f.kind);
  await f.t.syncRunner.idle();
  const replay = await postCallback(f, f.ben, { code, state });
  expect(replay.statusCode).toBe(400);
  return replay;
}

/**
 * The disconnect: `keeper` disconnects keeping the data (`POST /api/integrations/:kind/disconnect`), which
 * `kept` checks is still there; then Ada disconnects with `deleteData` (`POST /api/data-sources/:kind/disconnect`),
 * which deletes more than `deleted` samples, and `gone` checks her data is.
 */
export async function expectDisconnect(
  f: ConnectorFixture,
  options: {
    keeper: Auth;
    /** Whether the provider has the grant revoked. */
    revoked: boolean;
    /** By default: the keeper's sync stats still list metrics. */
    kept?: () => Promise<void>;
    deleted: number;
    gone: () => Promise<void>;
  },
) {
  const kept = await f.t.app.inject({
    method: 'POST',
    url: `/api/integrations/${f.kind}/disconnect`,
    headers: options.keeper,
  });
  expect(kept.statusCode, kept.body).toBe(200);
  expect(kept.json().data).toMatchObject({
    deletedSamples: 0,
    revoked: options.revoked,
    source: { status: 'disconnected' },
  });
  if (options.kept) await options.kept();
  else expect((await f.syncStats(options.keeper)).metrics.length).toBeGreaterThan(0);

  const deleted = await f.t.app.inject({
    method: 'POST',
    url: `/api/data-sources/${f.kind}/disconnect`,
    headers: f.ada,
    payload: { deleteData: true },
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
  expect(deleted.json().data.deletedSamples).toBeGreaterThan(options.deleted);
  await options.gone();
}
