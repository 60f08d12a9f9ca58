/**
 * Metrics store and API speed: `npx tsx apps/server/bench/metrics.bench.ts [--dialect sqlite|postgres] [--scale 1] [--runs 50] [--json]`
 * PostgreSQL uses --database-url, else BENCH_DATABASE_URL or TEST_DATABASE_URL, in a throwaway schema.
 *
 * (a) Ten users; one has 5 years of per-minute heart rate (≈2.6 M samples × scale), the others a week each,
 *     all written through SampleWriter.writeOnce. Then p95 of `GET /api/metrics?type=heart_rate&bucket=day`
 *     over the 5 years through app.inject with a real token (target < 50 ms), against `GET /api/health`
 *     and a bare `select count(*)` on the rollups measured in the same run.
 * (b) 1 M samples × scale into a fresh samples table through SampleWriter.writeOnce, and the same rows into
 *     another fresh table with a bare prepared-statement loop (one row a statement, a transaction per
 *     10 000 rows, as the store's batches); ratio of rates, target ≥ 0.5. Only the writes are timed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateToLatest, openDatabase, type Db } from '../src/db/database';
import type { Dialect } from '../src/db/migrations/types';
import { userNo } from '../src/db/user-number';
import { createAccount } from '../src/identity/accounts';
import { isProblem, prepareSample, type NewSample, type SampleRow } from '../src/modules/metrics/sample-row';
import { SampleWriter } from '../src/modules/metrics/write/sample-writer';
import { DAY_MS, dayToDate, localDayOf } from '../src/modules/metrics/time';
import { createTestDb, opened, type TestDb } from '../test/databases';

const MINUTE = 60_000;
const BATCH = 10_000;
const OFFSET = -300;
const FULL_YEARS = 5;
const FULL_INSERT = 1_000_000;

export interface MetricsBenchResult {
  dialect: Dialect;
  scale: number;
  write: { samples: number; seconds: number; perSecond: number };
  dayQuery: { items: number; runs: number; p50: number; p95: number; targetMs: number; pass: boolean };
  baselines: { healthP95: number; countP95: number; ratioToHealth: number; ratioToCount: number };
  insert: {
    rows: number;
    storePerSecond: number;
    barePerSecond: number;
    ratio: number;
    target: number;
    pass: boolean;
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Per-minute heart rate of a Garmin watch: a daily rhythm plus noise, never the same twice in a row. */
function heartRate(from: number, count: number, offset: number): NewSample[] {
  const out: NewSample[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const start = from + (offset + i) * MINUTE;
    const minuteOfDay = ((start / MINUTE) % 1440) + OFFSET;
    const value = 62 + 18 * Math.sin((minuteOfDay / 1440) * 2 * Math.PI) + ((offset + i) % 13);
    out[i] = {
      kind: 'heart_rate',
      start,
      value,
      utcOffsetMin: OFFSET,
      tz: 'America/New_York',
      source: 'garmin',
      device: 'Forerunner 965',
    };
  }
  return out;
}

async function timeIt<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const result = await fn();
  return [result, performance.now() - t0];
}

async function freshDb(dialect: Dialect): Promise<TestDb> {
  const db = await createTestDb(dialect);
  await migrateToLatest(db, db.pg);
  return db;
}

async function insertUser(db: Db, id: string): Promise<void> {
  await db.kysely
    .insertInto('users')
    .values({
      id,
      email: `${id}@example.com`,
      name: id,
      password_hash: 'x',
      email_verified: 1,
      settings: '{}',
      created_at: 0,
      updated_at: 0,
      tokens_valid_after: 0,
    })
    .execute();
}

async function partA(dialect: Dialect, scale: number, runs: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: dataDir });
  const db = await createTestDb(dialect);
  const { app, identity } = await buildApp(config, { database: opened(db) });
  try {
    const password = 'a bench passphrase';
    const users: { id: string }[] = [];
    for (let i = 0; i < 10; i++) {
      users.push(
        await createAccount(identity, {
          email: `user${i}@example.com`,
          password,
          name: `User ${i}`,
          emailVerified: true,
        }),
      );
    }
    const login = await app.inject({
      method: 'POST',
      url: '/api/identity/login',
      payload: { email: 'user0@example.com', password },
    });
    const token = (login.json() as { data: { accessToken: string } }).data.accessToken;

    const writer = new SampleWriter(db, db.bulk);
    const now = Math.floor(Date.now() / MINUTE) * MINUTE;
    const minutes = Math.round(FULL_YEARS * 365.25 * 1440 * scale);
    const from = now - minutes * MINUTE;
    let written = 0;
    let writeMs = 0;
    const write = async (userId: string, start: number, total: number) => {
      for (let off = 0; off < total; off += BATCH) {
        const batch = heartRate(start, Math.min(BATCH, total - off), off);
        const [result, ms] = await timeIt(() => writer.writeOnce(userId, batch));
        writeMs += ms;
        written += result.inserted;
      }
    };
    await write(users[0]!.id, from, minutes);
    for (const u of users.slice(1)) await write(u.id, now - 7 * 1440 * MINUTE, 7 * 1440);

    const fromDate = dayToDate(localDayOf(from, OFFSET));
    const toDate = dayToDate(localDayOf(now, OFFSET));
    const url = `/api/metrics?type=heart_rate&bucket=day&from=${fromDate}&to=${toDate}&tz=America/New_York`;
    const headers = { authorization: `Bearer ${token}` };
    const measure = async (fn: () => Promise<unknown>) => {
      for (let i = 0; i < 5; i++) await fn();
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push((await timeIt(fn))[1]);
      return times;
    };
    let items = 0;
    const query = await measure(async () => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`metrics answered ${res.statusCode}: ${res.body}`);
      items = (res.json() as { data: { items: unknown[] } }).data.items.length;
    });
    const health = await measure(() => app.inject({ method: 'GET', url: '/api/health' }));
    const count = await measure(() =>
      sql`select count(*) as n from daily_rollups where user_no = ${userNo(users[0]!.id)}`.execute(db.kysely),
    );
    const p95 = percentile(query, 95);
    return {
      write: {
        samples: written,
        seconds: round(writeMs / 1000),
        perSecond: Math.round(written / (writeMs / 1000)),
      },
      dayQuery: {
        items,
        runs,
        p50: round(percentile(query, 50)),
        p95: round(p95),
        targetMs: 50,
        pass: p95 < 50,
      },
      baselines: {
        healthP95: round(percentile(health, 95)),
        countP95: round(percentile(count, 95), 3),
        ratioToHealth: round(p95 / percentile(health, 95), 1),
        ratioToCount: round(p95 / percentile(count, 95), 1),
      },
    };
  } finally {
    await app.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The rows the store would write, prepared outside the timed loop. */
function rowsOf(samples: readonly NewSample[]): SampleRow[] {
  return samples.map((s) => {
    const row = prepareSample(s);
    if (isProblem(row)) throw new Error(row.message);
    return row;
  });
}

// Samples are keyed by the owner's number (db/user-number.ts), as the store writes them.
const COLUMNS =
  'user_no, kind, start_at, end_at, utc_offset_min, tz, local_day, value, unit, source, device, origin_id, flag, meta';
const params = (userNo: number, r: SampleRow) => [
  userNo,
  r.kind,
  r.start_at,
  r.end_at,
  r.utc_offset_min,
  r.tz,
  r.local_day,
  r.value,
  r.unit,
  r.source,
  r.device,
  r.origin_id,
  r.flag,
  r.meta,
];

async function bareSqlite(rows: number, from: number): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-bench-bare-'));
  const file = path.join(dir, 'bare.db');
  const { db: setup } = openDatabase({ dialect: 'sqlite', file });
  await migrateToLatest(setup);
  await insertUser(setup, 'bare');
  await setup.close();
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  try {
    const insert = sqlite.prepare(
      `insert into samples (${COLUMNS}) values (?,?,?,?,?,?,?,?,?,?,?,?,?,?) on conflict do nothing`,
    );
    const owner = (sqlite.prepare("select user_no from users where id = 'bare'").get() as { user_no: number })
      .user_no;
    let ms = 0;
    for (let off = 0; off < rows; off += BATCH) {
      const batch = rowsOf(heartRate(from, Math.min(BATCH, rows - off), off));
      const t0 = performance.now();
      sqlite.transaction(() => {
        for (const r of batch) insert.run(params(owner, r));
      })();
      ms += performance.now() - t0;
    }
    return rows / (ms / 1000);
  } finally {
    sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function barePostgres(rows: number, from: number): Promise<number> {
  const db = await freshDb('postgres');
  await insertUser(db, 'bare');
  const client = new pg.Client({
    connectionString: databaseUrl(),
    options: `-c search_path=${db.pg?.schema ?? 'public'}`,
  });
  await client.connect();
  try {
    const text = `insert into samples (${COLUMNS}) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14) on conflict do nothing`;
    const owner = Number(
      (await client.query<{ user_no: string }>("select user_no from users where id = 'bare'")).rows[0]!
        .user_no,
    );
    let ms = 0;
    for (let off = 0; off < rows; off += BATCH) {
      const batch = rowsOf(heartRate(from, Math.min(BATCH, rows - off), off));
      const t0 = performance.now();
      await client.query('begin');
      for (const r of batch) await client.query({ name: 'bare-insert', text, values: params(owner, r) });
      await client.query('commit');
      ms += performance.now() - t0;
    }
    return rows / (ms / 1000);
  } finally {
    await client.end();
    await db.close();
  }
}

async function partB(dialect: Dialect, scale: number) {
  const rows = Math.round(FULL_INSERT * scale);
  const from = Math.floor(Date.now() / DAY_MS) * DAY_MS - rows * MINUTE;
  const db = await freshDb(dialect);
  let storeMs = 0;
  try {
    await insertUser(db, 'store');
    const writer = new SampleWriter(db, db.bulk);
    for (let off = 0; off < rows; off += BATCH) {
      const batch = heartRate(from, Math.min(BATCH, rows - off), off);
      storeMs += (await timeIt(() => writer.writeOnce('store', batch)))[1];
    }
  } finally {
    await db.close();
  }
  const storePerSecond = rows / (storeMs / 1000);
  const barePerSecond = dialect === 'sqlite' ? await bareSqlite(rows, from) : await barePostgres(rows, from);
  const ratio = storePerSecond / barePerSecond;
  return {
    rows,
    storePerSecond: Math.round(storePerSecond),
    barePerSecond: Math.round(barePerSecond),
    ratio: round(ratio),
    target: 0.5,
    pass: ratio >= 0.5,
  };
}

function databaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('PostgreSQL needs --database-url, BENCH_DATABASE_URL or TEST_DATABASE_URL');
  return url;
}

export async function benchMetrics(dialect: Dialect, scale = 1, runs = 50): Promise<MetricsBenchResult> {
  const a = await partA(dialect, scale, runs);
  const insert = await partB(dialect, scale);
  return { dialect, scale, ...a, insert };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const { values } = parseArgs({
    options: {
      dialect: { type: 'string', default: 'sqlite' },
      scale: { type: 'string', default: '1' },
      runs: { type: 'string', default: '50' },
      'database-url': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const dialect = values.dialect === 'postgres' ? 'postgres' : 'sqlite';
  const url = values['database-url'] ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) process.env.TEST_DATABASE_URL = url;
  const scale = Number(values.scale);
  const r = await benchMetrics(dialect, scale, Number(values.runs));
  if (values.json) {
    process.stdout.write(`${JSON.stringify(r)}\n`);
  } else {
    const n = (x: number) => x.toLocaleString('en-US');
    const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
    process.stdout.write(
      [
        `metrics bench on ${dialect}, scale ${scale}${scale < 1 ? ' (reduced: run with --scale 1 for the figures of the issue)' : ''}`,
        `(a) wrote ${n(r.write.samples)} samples for 10 users through SampleWriter.writeOnce in ${r.write.seconds} s (${n(r.write.perSecond)} samples/s)`,
        `(a) GET /api/metrics?type=heart_rate&bucket=day over ${round(FULL_YEARS * scale, 2)} years (${n(r.dayQuery.items)} days), ${r.dayQuery.runs} runs: p50 ${r.dayQuery.p50} ms, p95 ${r.dayQuery.p95} ms — target < ${r.dayQuery.targetMs} ms: ${verdict(r.dayQuery.pass)}`,
        `(a) baselines in this run: GET /api/health p95 ${r.baselines.healthP95} ms (ratio ${r.baselines.ratioToHealth}×), select count(*) on the user's rollups p95 ${r.baselines.countP95} ms (ratio ${r.baselines.ratioToCount}×)`,
        `(b) ${n(r.insert.rows)} samples: SampleWriter.writeOnce ${n(r.insert.storePerSecond)}/s, bare prepared-statement loop ${n(r.insert.barePerSecond)}/s — ratio ${r.insert.ratio} (target ≥ ${r.insert.target}): ${verdict(r.insert.pass)}`,
      ].join('\n') + '\n',
    );
  }
}
