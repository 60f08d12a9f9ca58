import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportJob } from '@healthfolio/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/identity/throttle';
import { openDatabase, type Db } from '../../src/db/database';
import { AppMigrationProvider } from '../../src/db/migrations';
import { userNo } from '../../src/db/user-number';
import { loadConfig } from '../../src/config';
import { appleExport } from '../crash/apple-export';
import { spawnServer, type ServerChild } from '../crash/server-child';
import { deploymentEnv } from './deployment-env';
import { createPgDatabase, SAMPLE_CONTENT_COLUMNS } from '../databases';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy';
import { oura } from '@healthfolio/connectors';
import { allowAtConsent, NOW, startFake } from '../sources/helpers';

const GRACE_SECONDS = 4;
const PASSWORD = 'correct horse battery';
/** Large enough that the test sees the import under way (mid-way) before it ends. */
const RECORDS = 60_000;

/**
 * Two real server processes on loopback against one throwaway PostgreSQL database and one DATA_DIR, as
 * an operator runs several instances behind a balancer (issue 25). B reaches PostgreSQL through a small
 * loopback TCP proxy, so the last test can take the database away from B alone.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  let dir: string;
  let file: string;
  let db: Db;
  let env: Record<string, string>;
  let proxy: TcpProxy;
  let a: ServerChild;
  let b: ServerChild;
  /** An instance killed by a test, coming back for the tests after it. */
  let restarting: Promise<void> = Promise.resolve();
  const envB = () => ({ ...env, DATABASE_URL: proxy.url });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-instances-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    file = path.join(dir, 'export.xml');
    fs.writeFileSync(file, appleExport(RECORDS));
    // The provider both instances sync from. (The sandbox providers mounted by SANDBOX_PROVIDERS keep their
    // codes and tokens in the memory of the instance that issued them, so a sync on the other is refused.)
    const fake = await startFake(oura, {
      now: () => NOW,
      clientId: 'test-client',
      clientSecret: 'test-secret',
    });
    cleanup.push(() => fake.close());
    const database = await createPgDatabase('instances');
    cleanup.push(() => database.drop());
    env = {
      ...deploymentEnv(dir, database.url, GRACE_SECONDS),
      OURA_CLIENT_ID: 'test-client',
      OURA_CLIENT_SECRET: 'test-secret',
      OURA_BASE_URL: fake.url,
    };
    proxy = await startTcpProxy(database.url);
    cleanup.push(() => proxy.close());
    // Both start at once on an empty database: the migrations run under the migrator's advisory lock.
    [a, b] = await Promise.all([start(env), start(envB())]);
    ({ db } = openDatabase(loadConfig({ NODE_ENV: 'test', ...env }).database));
    cleanup.push(() => db.close());
  }, 200_000);

  afterAll(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  }, 60_000);

  async function start(environment: Record<string, string>): Promise<ServerChild> {
    const server = await spawnServer(environment);
    cleanup.push(() => server.kill());
    return server;
  }

  const call = async (server: ServerChild, route: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.url}${route}`, init);
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as { data: never }) : undefined, text };
  };
  const post = (server: ServerChild, route: string, body: object, headers: Record<string, string> = {}) =>
    call(server, route, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const login = (server: ServerChild, email: string, password: string) =>
    post(server, '/api/identity/login', { email, password });

  async function signUp(server: ServerChild, email: string): Promise<Record<string, string>> {
    const res = await post(server, '/api/identity/signup', { email, password: PASSWORD, name: 'Ada' });
    expect(res.status, res.text).toBe(201);
    return bearer((res.body!.data as { accessToken: string }).accessToken);
  }

  async function userId(email: string): Promise<string> {
    const row = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('runs the migrations once when both start together, and both serve', async () => {
    const rows = await db.kysely
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`name`.as('name'))
      .execute();
    const names = rows.map((r) => r.name).sort();
    const expected = Object.keys(await new AppMigrationProvider('postgres').getMigrations()).sort();
    expect(names).toEqual(expected);
    for (const server of [a, b]) {
      const ready = await call(server, '/api/ready');
      expect(ready.status, ready.text).toBe(200);
    }
  });

  it('takes a token issued by A on B, and a refresh from B on A', async () => {
    const auth = await signUp(a, 'ada@example.com');
    const me = await call(b, '/api/auth/me', { headers: auth });
    expect(me.status, me.text).toBe(200);
    const signedIn = await login(b, 'ada@example.com', PASSWORD);
    expect(signedIn.status, signedIn.text).toBe(200);
    const { accessToken } = signedIn.body!.data as { accessToken: string };
    expect((await call(a, '/api/auth/me', { headers: bearer(accessToken) })).status).toBe(200);
  });

  it(`locks the account for this address after ${LOGIN_LIMITS.perAccountAndAddress.max} failed sign-ins spread over A and B`, async () => {
    await signUp(b, 'bea@example.com');
    const max = LOGIN_LIMITS.perAccountAndAddress.max;
    for (let i = 0; i < max; i++) {
      const res = await login(i % 2 === 0 ? a : b, 'bea@example.com', 'wrong password');
      expect(res.status, `attempt ${i + 1}: ${res.text}`).toBe(401);
    }
    // Even the right password is refused now, on either instance.
    for (const server of [a, b]) {
      const res = await login(server, 'bea@example.com', PASSWORD);
      expect(res.status, res.text).toBe(429);
    }
  });

  it('runs a scheduled sync once per interval across both instances', async () => {
    const auth = await signUp(a, 'cy@example.com');
    const authorize = await call(a, '/api/integrations/oauth/oura', { headers: auth });
    expect(authorize.status, authorize.text).toBe(200);
    const consent = new URL((authorize.body!.data as { url: string }).url);
    const { code, state } = await allowAtConsent(consent);
    const done = await post(b, '/api/integrations/oauth/callback', { code, state }, auth);
    expect(done.status, done.text).toBe(200);
    const owner = await userId('cy@example.com');
    const connection = () =>
      db.kysely
        .selectFrom('source_connections')
        .innerJoin('sync_state', 'sync_state.connection_id', 'source_connections.id')
        .select(['id', 'sync_state', 'syncs_run', 'next_sync_at', 'last_error'])
        .where('user_id', '=', owner)
        .executeTakeFirstOrThrow();
    const settled = async (runs: number, withinMs: number) => {
      const until = Date.now() + withinMs;
      for (let row = await connection(); ; row = await connection()) {
        if (row.sync_state === 'idle' && Number(row.syncs_run) >= runs) return row;
        if (row.last_error) throw new Error(`the sync failed: ${row.last_error}`);
        if (Date.now() > until)
          throw new Error(`no sync ${runs} within ${withinMs} ms: ${JSON.stringify(row)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    // The first sync, on connecting; its interval's next one is in the future.
    const first = await settled(1, 60_000);
    expect(Number(first.syncs_run)).toBe(1);
    expect(Number(first.next_sync_at)).toBeGreaterThan(Date.now());

    // The interval passes: both instances keep the minute's schedule, and one sync runs.
    await db.kysely
      .updateTable('sync_state')
      .set({ next_sync_at: Date.now() - 1_000 })
      .where('connection_id', '=', first.id)
      .execute();
    const second = await settled(2, 75_000);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(Number((await connection()).syncs_run)).toBe(2);
    expect(Number(second.next_sync_at)).toBeGreaterThan(Date.now());

    // pg-boss's own record: one schedule job per minute slot, and two sync jobs for the connection.
    const slots = await sql<{ slot: string; n: number }>`
      select date_trunc('minute', created_on) as slot, count(*)::int as n from pgboss.job
      where name = 'sources.schedule' group by 1`.execute(db.kysely);
    expect(slots.rows.length).toBeGreaterThan(0);
    for (const slot of slots.rows) expect(slot.n, `slot ${slot.slot}`).toBe(1);
    const syncs = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job where name = 'sources.sync' and singleton_key = ${first.id}
        and state = 'completed'`.execute(db.kysely);
    expect(syncs.rows[0]?.n).toBe(2);
  }, 120_000);

  it('completes on the other instance an Apple Health import whose instance was SIGKILLed mid-way, with the rows of a clean import', async () => {
    // The clean reference: Dan's uninterrupted import.
    const dan = await signUp(a, 'dan@example.com');
    const clean = await uploadTo(a, dan, file);
    let began = Date.now();
    const cleanDone = await finished(a, dan, clean, 60_000);
    console.log(`clean import of ${RECORDS} Records: ${Date.now() - began} ms`);
    expect(cleanDone.status, cleanDone.failure ?? '').toBe('succeeded');

    // Eve's import of the same file: its instance is killed once samples are written, before the end.
    const eve = await signUp(b, 'eve@example.com');
    const id = await uploadTo(b, eve, file);
    const taker = await takenBy(id, 30_000);
    const other = taker === a ? b : a;
    for (let row = await importRow(id); ; row = await importRow(id)) {
      expect(row.status, 'the import ended before the test could kill its instance').not.toBe('succeeded');
      if (row.status === 'running' && Number(row.samples_done) > 0) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    await taker.kill();
    // The killed instance comes back (for the tests after this one) once the other has taken the job.
    restarting = (async () => {
      while (other.output().split(`"importId":"${id}"`).length < 2)
        await new Promise((r) => setTimeout(r, 50));
      if (taker === a) a = await start(env);
      else b = await start(envB());
    })();
    const killedAt = Number((await importRow(id)).samples_done);
    expect(killedAt).toBeLessThan(cleanDone.inserted);

    // pg-boss's heartbeat (20 s) lapses, its supervisor (15 s) hands the job back, the other instance
    // takes it and resumes from the committed cursor.
    began = Date.now();
    const done = await finished(other, eve, id, 90_000);
    const ms = Date.now() - began;
    console.log(`killed at ${killedAt} samples; finished on the other instance ${ms} ms later`);
    expect(done.status, done.failure ?? '').toBe('succeeded');
    expect(other.output()).toContain(id);
    expect(ms).toBeLessThan(80_000);
    expect({ inserted: done.inserted, duplicates: done.duplicates }).toEqual({
      inserted: cleanDone.inserted,
      duplicates: cleanDone.duplicates,
    });
    expect(await contentOf('eve@example.com')).toEqual(await contentOf('dan@example.com'));
    expect(fs.readdirSync(path.join(env.DATA_DIR!, 'uploads', await userId('eve@example.com')))).toEqual([]);
  }, 120_000);

  it('drains on SIGTERM: the running import is handed back within the grace period and the process exits', async () => {
    await restarting;
    const fay = await signUp(a, 'fay@example.com');
    const id = await uploadTo(a, fay, file);
    const taker = await takenBy(id, 30_000);
    const other = taker === a ? b : a;
    for (let row = await importRow(id); row.status !== 'running'; row = await importRow(id)) {
      expect(row.status).toBe('queued');
      await new Promise((r) => setTimeout(r, 10));
    }
    const began = Date.now();
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      taker.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    taker.child.kill('SIGTERM');
    const stop = await exited;
    const ms = Date.now() - began;
    console.log(`SIGTERM during an import: exited in ${ms} ms`);
    expect(stop, taker.output()).toEqual({ code: 0, signal: null });
    expect(ms, taker.output()).toBeLessThan(GRACE_SECONDS * 1000 + 1_500);

    // Handed back, not left to its expiry: the other instance finishes it soon after.
    const done = await finished(other, fay, id, 60_000);
    expect(done.status, done.failure ?? '').toBe('succeeded');
    expect(Date.now() - began).toBeLessThan(45_000);
    expect(await contentOf('fay@example.com')).toEqual(await contentOf('dan@example.com'));
    restarting = (async () => {
      if (taker === a) a = await start(env);
      else b = await start(envB());
    })();
  }, 120_000);

  // Found a bug: a pool without an 'error' listener died when its connection was cut (db/database.ts).
  it('answers not-ready on the instance whose database went away, and ready on the other', async () => {
    await restarting;
    const auth = await signUp(a, 'gil@example.com');
    expect((await call(b, '/api/ready')).status).toBe(200);
    proxy.close();
    const until = Date.now() + 30_000;
    // B must stay up without its database (an orchestrator restarts a dead process, not a not-ready one).
    const readyB = () =>
      call(b, '/api/ready').catch((error: unknown) => {
        throw new Error(`B stopped answering (exit ${b.child.exitCode}): ${b.output().slice(-3_000)}`, {
          cause: error,
        });
      });
    let ready = await readyB();
    while (ready.status === 200 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      ready = await readyB();
    }
    expect(ready.status, ready.text).toBe(503);
    expect(ready.body!.data).toMatchObject({ status: 'not-ready', database: { reachable: false } });
    const readyA = await call(a, '/api/ready');
    expect(readyA.status, readyA.text).toBe(200);
    // A still serves the person: the session is in the database, not in B.
    expect((await call(a, '/api/auth/me', { headers: auth })).status).toBe(200);
  }, 60_000);

  /** Uploads the file as multipart; answers the import's id. */
  async function uploadTo(server: ServerChild, auth: Record<string, string>, file: string): Promise<string> {
    const form = new FormData();
    form.append('file', await fs.openAsBlob(file), 'export.xml');
    const res = await call(server, '/api/imports', { method: 'POST', headers: auth, body: form });
    expect(res.status, res.text).toBe(202);
    return (res.body!.data as ImportJob).id;
  }

  /** The instance whose log says it took the import. */
  async function takenBy(id: string, withinMs: number): Promise<ServerChild> {
    const until = Date.now() + withinMs;
    for (;;) {
      const takers = [a, b].filter((s) => s.output().includes(`"importId":"${id}"`));
      if (takers.length === 1) return takers[0]!;
      if (takers.length > 1) throw new Error('both instances took the import');
      if (Date.now() > until) throw new Error('no instance took the import');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async function finished(server: ServerChild, auth: Record<string, string>, id: string, withinMs: number) {
    const until = Date.now() + withinMs;
    for (;;) {
      const res = await call(server, `/api/imports/${id}`, { headers: auth });
      expect(res.status, res.text).toBe(200);
      const job = res.body!.data as ImportJob;
      if (job.status !== 'queued' && job.status !== 'running') {
        return { ...job, inserted: Number(job.inserted), duplicates: Number(job.duplicates) };
      }
      if (Date.now() > until) throw new Error(`import ${id} still ${job.status} after ${withinMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const importRow = (id: string) =>
    db.kysely
      .selectFrom('imports')
      .select(['status', 'samples_done'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** One person's samples and daily rollups, as sorted text (ids and owner aside). */
  async function contentOf(email: string): Promise<{ samples: string[]; rollups: string[] }> {
    const owner = await userId(email);
    const samples = await db.kysely
      .selectFrom('samples')
      .select([...SAMPLE_CONTENT_COLUMNS])
      .where('user_no', '=', userNo(owner))
      .execute();
    const rollups = await db.kysely
      .selectFrom('daily_rollups')
      .select(['kind', 'local_day', 'source', 'device', 'count', 'sum', 'min', 'max', 'last_value'])
      .where('user_no', '=', userNo(owner))
      .execute();
    // A day's sum is added batch by batch; where a batch ends (which a resume moves) changes its last bits.
    const rounded = rollups.map((r) => ({ ...r, sum: Math.round(Number(r.sum) * 1e6) / 1e6 }));
    const text = (rows: object[]) => rows.map((r) => JSON.stringify(r)).sort();
    return { samples: text(samples), rollups: text(rounded) };
  }
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
