import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { oura } from '@healthfolio/connectors';
import type { ImportJob } from '@healthfolio/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic, type TestContext } from 'vitest';
import { loadConfig } from '../../src/config';
import { openDatabase, type Db } from '../../src/db/database';
import { startTestAppOn, type TestApp } from '../app';
import { createPgDatabase, testDialects, type TestDialect, SAMPLE_CONTENT_COLUMNS } from '../databases';
import { bearer, createUser, PASSWORD, signIn } from '../identity/helpers';
import { allowAtConsent, NOW, startFake, type RunningFake } from '../sources/helpers';
import { appleExport } from './apple-export';
import { spawnServer, writeStandInWeb, type ServerChild } from './server-child';

/** What a clean run leaves: per-kind counts and sums, and hashes of every sample and rollup (ids aside). */
async function fingerprint(db: Db, from = 0) {
  const samples = await db.kysely
    .selectFrom('samples')
    .select([...SAMPLE_CONTENT_COLUMNS])
    .where('start_at', '>=', from)
    .execute();
  // A day's sum is added up batch by batch: where a write batch ends (which a restart moves) changes the
  // order of the additions, and so the last bits of a sum of decimals (8845.2 against 8845.199999999999).
  // The days compared are those after `from`'s, as the samples are: a sync's window starts a year before
  // the server's clock, so the first day's rollups of two syncs minutes apart hold different readings.
  const firstDay = from > 0 ? Math.floor(from / 86_400_000) + 1 : 0;
  const rollups = (
    await db.kysely
      .selectFrom('daily_rollups')
      .where('local_day', '>=', firstDay)
      .select([
        'kind',
        'local_day',
        'source',
        'device',
        'count',
        'sum',
        'min',
        'max',
        'last_value',
        'last_at',
      ])
      .execute()
  ).map((r) => ({ ...r, sum: Math.round(Number(r.sum) * 1e6) / 1e6 }));
  const perKind: Record<string, { count: number; sum: number }> = {};
  for (const s of samples) {
    const k = (perKind[s.kind] ??= { count: 0, sum: 0 });
    k.count += 1;
    k.sum = Math.round((k.sum + Number(s.value)) * 1000) / 1000;
  }
  const hash = (rows: object[]) =>
    createHash('sha256')
      .update(
        rows
          .map((r) => JSON.stringify(r))
          .sort()
          .join('\n'),
      )
      .digest('hex');
  return { perKind, samples: hash(samples), rollups: hash(rollups) };
}

type Fingerprint = Awaited<ReturnType<typeof fingerprint>>;

async function integrityOk(expect: ExpectStatic, db: Db): Promise<void> {
  if (db.dialect !== 'sqlite') return;
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.kysely);
  expect(rows.map((r) => r.integrity_check)).toEqual(['ok']);
}

const RECORDS = 100_000;
const KILLS = 10;

type Step = () => Promise<void> | void;

/** Data directories, databases and servers, each removed (in reverse) by `cleanup`. */
function resources(dialect: TestDialect, expect: ExpectStatic, cleanup: Step[]) {
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-crash-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  return {
    tempDir,

    /** A data directory (and PostgreSQL database) of its own, and the server environment over it. */
    async environment(extra: Record<string, string> = {}): Promise<Record<string, string>> {
      const dir = tempDir();
      const env: Record<string, string> = {
        DATA_DIR: path.join(dir, 'data'),
        WEB_DIST: writeStandInWeb(dir),
        ...extra,
      };
      if (dialect === 'postgres') {
        const database = await createPgDatabase('crash');
        cleanup.push(() => database.drop());
        env.DATABASE_URL = database.url;
        // A killed server's claim is taken back once silent for the heartbeat, at the next look: pg-boss's
        // shortest (10 s, a look every 2 s) instead of the default 20 + 15 s, each of the ten restarts waits
        // for it. The same path as in production, only sooner.
        env.JOBS_HEARTBEAT_SECONDS = '10';
        env.JOBS_SUPERVISE_SECONDS = '2';
      }
      return env;
    },

    /** The server in this process (for setting up, the clean reference and the checks). */
    async inProcess(env: Record<string, string>): Promise<TestApp> {
      const server = await startTestAppOn(env, { insightDebounceMs: 3_600_000 });
      cleanup.push(() => server.close());
      return server;
    },

    database(env: Record<string, string>): Db {
      const config = loadConfig({ NODE_ENV: 'test', ...env });
      const { db } = openDatabase(config.database);
      cleanup.push(() => db.close());
      return db;
    },

    /** The server in a process of its own, for the test to kill. */
    async start(env: Record<string, string>): Promise<ServerChild> {
      const server = await spawnServer(env);
      cleanup.push(() => server.kill());
      return server;
    },

    async signInOver(url: string): Promise<Record<string, string>> {
      const res = await fetch(`${url}/api/identity/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ada@example.com', password: PASSWORD }),
      });
      expect(res.status).toBe(200);
      return bearer(((await res.json()) as { data: { accessToken: string } }).data.accessToken);
    },

    /** Connects Oura through its consent page, in this process (`t`) or over HTTP (`url`). */
    async connectOver(url: string | undefined, t: TestApp | undefined, auth: Record<string, string>) {
      const call = async (method: 'GET' | 'POST', route: string, body?: object) => {
        if (t) {
          const res = await t.app.inject({
            method,
            url: route,
            headers: auth,
            ...(body ? { payload: body } : {}),
          });
          return { status: res.statusCode, json: res.json() as { data: { url: string } } };
        }
        const res = await fetch(`${url}${route}`, {
          method,
          headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return { status: res.status, json: (await res.json()) as { data: { url: string } } };
      };
      const authorize = await call('GET', '/api/integrations/oauth/oura');
      expect(authorize.status).toBe(200);
      const { code, state } = await allowAtConsent(new URL(authorize.json.data.url));
      const done = await call('POST', '/api/integrations/oauth/callback', { code, state });
      expect(done.status).toBe(200);
    },
  };
}

/** A test's resources, removed once it has finished (tests here run side by side: no afterEach). */
function testResources(dialect: TestDialect, { expect, onTestFinished }: TestContext) {
  const cleanup: Step[] = [];
  onTestFinished(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  }, 60_000);
  return resources(dialect, expect, cleanup);
}

/** What the killed runs of a database are compared with, made by uninterrupted runs in this process. */
interface CleanRuns {
  /** One uninterrupted import of the export: its rows, and its import's counts. */
  imported: { expected: Fingerprint; row: Awaited<ReturnType<typeof importCounts>> };
  /** Two imports of the export at once into an empty account: how they ended, the rows, what they added. */
  twice: { statuses: string[]; fingerprint: Fingerprint; inserted: number };
  /** The provider every sync reads (its year ends at a fixed NOW), and the days compared from. */
  fake: RunningFake;
  providerEnv: Record<string, string>;
  from: number;
  /** One uninterrupted sync: its rows from `from`. */
  synced: Fingerprint;
}

const fileCleanup: Step[] = [];
let exportFile: string;
const cleanRuns = new Map<TestDialect, CleanRuns>();

/**
 * The clean runs of every database, all at once, before any server is killed. They run in this process;
 * beside a kill loop they held up its looks at the import's progress (on a busy machine the first kill,
 * meant as the upload is processed, came after 18,750 samples), so the kills wait for them.
 */
beforeAll(async () => {
  const dir = resources('sqlite', expect, fileCleanup).tempDir();
  exportFile = path.join(dir, 'export.xml');
  fs.writeFileSync(exportFile, appleExport(RECORDS));
  await Promise.all(
    testDialects.map(async (dialect) => cleanRuns.set(dialect, await runClean(dialect, exportFile))),
  );
}, 600_000);

afterAll(async () => {
  for (const step of fileCleanup.splice(0).reverse()) await step();
}, 120_000);

async function runClean(dialect: TestDialect, file: string): Promise<CleanRuns> {
  const { environment, inProcess, connectOver } = resources(dialect, expect, fileCleanup);

  const imported = (async () => {
    const clean = await inProcess(await environment());
    await createUser(clean, 'ada@example.com');
    const cleanAuth = bearer((await signIn(clean)).accessToken);
    const cleanJob = await importOver(clean, cleanAuth, file);
    expect(cleanJob.status).toBe('succeeded');
    await clean.importRunner.idle();
    const expected = await fingerprint(clean.db);
    const row = await importCounts(clean.db, cleanJob.id);
    expect(row.inserted).toBeGreaterThan(RECORDS * 0.9);
    await clean.close();
    return { expected, row };
  })();

  const twice = (async () => {
    const twiceApp = await inProcess(await environment());
    await createUser(twiceApp, 'ada@example.com');
    const twiceAuth = bearer((await signIn(twiceApp)).accessToken);
    const [a, b] = await Promise.all([
      importOver(twiceApp, twiceAuth, file),
      importOver(twiceApp, twiceAuth, file),
    ]);
    await twiceApp.importRunner.idle();
    const [ca, cb] = [await importCounts(twiceApp.db, a.id), await importCounts(twiceApp.db, b.id)];
    const result = {
      statuses: [a.status, b.status],
      fingerprint: await fingerprint(twiceApp.db),
      inserted: ca.inserted + cb.inserted,
    };
    await twiceApp.close();
    return result;
  })();

  // The provider's year ends at a fixed NOW; the server asks from its own clock's year back, a start that
  // moves between the two runs: the readings compared are those well inside both (the last 360 days).
  const fake = await startFake(oura, {
    now: () => NOW,
    clientId: 'test-client',
    clientSecret: 'test-secret',
  });
  fileCleanup.push(() => fake.close());
  // The last 360 days, counted back from the later of the provider's NOW and this clock: the server's window
  // starts 365 days before its own clock (Oura's defaultDays), and once that clock is past NOW + 5 days the
  // readings from NOW − 360 days on are no longer all inside it.
  const from = Math.max(NOW, Date.now()) - 360 * 86_400_000;
  const providerEnv = {
    OURA_CLIENT_ID: 'test-client',
    OURA_CLIENT_SECRET: 'test-secret',
    OURA_BASE_URL: fake.url,
  };
  const synced = (async () => {
    const clean = await inProcess(await environment(providerEnv));
    await createUser(clean, 'ada@example.com');
    await connectOver(undefined, clean, bearer((await signIn(clean)).accessToken));
    await clean.syncRunner.idle();
    const expected = await fingerprint(clean.db, from);
    expect(Object.keys(expected.perKind).length).toBeGreaterThan(3);
    await clean.close();
    return expected;
  })();

  const [importedRun, twiceRun, syncedRun] = await Promise.all([imported, twice, synced]);
  return { imported: importedRun, twice: twiceRun, fake, providerEnv, from, synced: syncedRun };
}

/**
 * The four killed runs (an import and a sync on each database) spend most of their time waiting: for a
 * killed server's successor to start and, on PostgreSQL, for pg-boss to see the killed server's claim fall
 * silent (10 s and more a kill). They run side by side, each with data directories, databases and servers
 * of its own; this process only looks at their progress meanwhile.
 */
describe.concurrent.each(testDialects)('crash safety under SIGKILL, on %s', (dialect: TestDialect) => {
  it(`an Apple Health import of ${RECORDS} records killed ${KILLS} times ends with the rows of a clean import; two concurrent imports of one file add no duplicates`, async (context) => {
    const { expect } = context;
    const { environment, inProcess, database, start, signInOver } = testResources(dialect, context);
    const { imported, twice } = cleanRuns.get(dialect)!;
    const { expected, row: expectedRow } = imported;

    // Two imports of the same file at once into an empty account: the rows of one, no duplicates.
    expect(twice.statuses).toEqual(['succeeded', 'succeeded']);
    expect(twice.fingerprint).toEqual(expected);
    expect(twice.inserted).toBe(expectedRow.inserted);

    // The same import in a server process killed (SIGKILL) at ten points: as the upload is being
    // processed and at every tenth of the samples written, and after a restart.
    const file = exportFile;
    const env = await environment();
    const setup = await inProcess(env);
    await createUser(setup, 'ada@example.com');
    await setup.close();
    let server = await start(env);
    const db = database(env);
    const form = new FormData();
    form.append('file', await fs.openAsBlob(file), 'export.xml');
    const res = await fetch(`${server.url}/api/imports`, {
      method: 'POST',
      headers: await signInOver(server.url),
      body: form,
    });
    expect(res.status).toBe(202);
    const id = ((await res.json()) as { data: ImportJob }).data.id;
    const kills: string[] = [];
    for (let k = 0; k < KILLS; k++) {
      const threshold = Math.round((expectedRow.inserted * k) / KILLS);
      let row = await importCounts(db, id);
      while ((row.status === 'queued' || row.status === 'running') && row.samplesDone < threshold) {
        await new Promise((r) => setTimeout(r, 5));
        row = await importCounts(db, id);
      }
      if (row.status !== 'queued' && row.status !== 'running') break;
      await server.kill();
      kills.push(`${row.samplesDone}`);
      server = await start(env);
    }
    // The last start runs it to its end.
    for (let row = await importCounts(db, id); ; row = await importCounts(db, id)) {
      if (row.status !== 'queued' && row.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await server.kill();
    expect(kills.length, `killed at samples done: ${kills.join(', ')}`).toBeGreaterThanOrEqual(5);
    const done = await importCounts(db, id);
    expect(done).toMatchObject({
      status: 'succeeded',
      inserted: expectedRow.inserted,
      duplicates: expectedRow.duplicates,
    });
    await integrityOk(expect, db);
    expect(await fingerprint(db)).toEqual(expected);
  }, 900_000);

  it('a sandbox sync killed three times ends with the rows of a clean sync', async (context) => {
    const { expect } = context;
    const { environment, inProcess, database, start, signInOver, connectOver } = testResources(
      dialect,
      context,
    );
    const { providerEnv, from, synced: expected } = cleanRuns.get(dialect)!;

    const env = await environment(providerEnv);
    const setup = await inProcess(env);
    await createUser(setup, 'ada@example.com');
    await setup.close();
    let server = await start(env);
    const db = database(env);
    await connectOver(server.url, undefined, await signInOver(server.url));
    const state = async () => {
      const row = await db.kysely
        .selectFrom('sync_state')
        .select(['sync_state', 'sync_pages'])
        .executeTakeFirstOrThrow();
      return { state: row.sync_state, pages: Number(row.sync_pages) };
    };
    let kills = 0;
    for (const pages of [2, 8, 14]) {
      let s = await state();
      while (s.state !== 'idle' && s.pages < pages) {
        await new Promise((r) => setTimeout(r, 5));
        s = await state();
      }
      if (s.state === 'idle') break;
      await server.kill();
      kills += 1;
      server = await start(env);
    }
    for (let s = await state(); s.state !== 'idle'; s = await state()) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await server.kill();
    expect(kills).toBeGreaterThanOrEqual(2);
    await integrityOk(expect, db);
    expect(await fingerprint(db, from)).toEqual(expected);
  }, 900_000);
});

async function importOver(t: TestApp, auth: Record<string, string>, file: string): Promise<ImportJob> {
  const boundary = 'crashsafetyboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="export.xml"\r\nContent-Type: application/xml\r\n\r\n`,
    ),
    fs.readFileSync(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  const job = (res.json() as { data: ImportJob }).data;
  await t.importRunner.idle();
  const after = await t.app.inject({ method: 'GET', url: `/api/imports/${job.id}`, headers: auth });
  return (after.json() as { data: ImportJob }).data;
}

async function importCounts(db: Db, id: string) {
  const row = await db.kysely
    .selectFrom('imports')
    .select(['status', 'samples_done', 'inserted', 'duplicates', 'failure'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    status: row.status,
    samplesDone: Number(row.samples_done),
    inserted: Number(row.inserted),
    duplicates: Number(row.duplicates),
    failure: row.failure,
  };
}
