/**
 * Backup and restore of a large database (issue #24): `npx tsx apps/server/bench/backup.bench.ts
 * [--samples 1000000] [--dialect sqlite|postgres] [--database-url …]`. Not part of `npm run bench`.
 *
 * Makes a data directory whose database holds one person with `--samples` samples (a heart-rate reading
 * a minute, written straight into the table), then times `createBackup` (plain, and encrypted with a
 * passphrase) and `restoreBackup` of each into an empty directory (PostgreSQL: an empty database), and
 * prints the archive sizes. The figures are in the README (Backup and restore).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createAccount } from '../src/identity/accounts';
import { createBackup, restoreBackup } from '../src/modules/backup/backup';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '1000000' },
    dialect: { type: 'string', default: 'sqlite' },
    'database-url': { type: 'string' },
  },
});
const total = Number(args.samples);
const dialect = args.dialect === 'postgres' ? 'postgres' : 'sqlite';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-backup-bench-'));
const dropAfter: string[] = [];

async function pgDatabase(): Promise<string> {
  const admin = args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('PostgreSQL: pass --database-url or set TEST_DATABASE_URL');
  const name = `hf_backup_bench_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  dropAfter.push(name);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function config(name: string): Promise<Config> {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(work, name),
    WEB_DIST: work,
    ...(dialect === 'postgres' ? { DATABASE_URL: await pgDatabase() } : {}),
  });
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);
const mib = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);

try {
  const source = await config('source');
  const built = await buildApp(source);
  const user = await createAccount(built.identity, {
    email: 'ada@example.com',
    password: 'correct horse battery',
    name: 'Ada',
    emailVerified: true,
  });
  const { user_no: userNo } = await built.db.kysely
    .selectFrom('users')
    .select('user_no')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  await built.app.close();

  let started = performance.now();
  const start = Date.UTC(2024, 0, 1);
  if (source.database.dialect === 'sqlite') {
    const db = new SQLite(source.database.file);
    db.pragma('journal_mode = WAL');
    const insert = db.prepare(
      `insert into samples (user_no, kind, start_at, end_at, utc_offset_min, tz, local_day, value, unit, source, device, origin_id)
       values (?, 'heart_rate', ?, ?, 0, 'UTC', ?, ?, 'bpm', 'apple_healthkit', 'Watch', '')`,
    );
    const chunk = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const at = start + i * 60_000;
        insert.run(userNo, at, at, Math.floor(at / 86_400_000), 50 + (i % 70));
      }
    });
    for (let i = 0; i < total; i += 100_000) chunk(i, Math.min(total, i + 100_000));
    db.close();
  } else {
    const client = new pg.Client({ connectionString: source.database.url });
    await client.connect();
    await client.query(
      `insert into samples (user_no, kind, start_at, end_at, utc_offset_min, tz, local_day, value, unit, source, device, origin_id)
       select $1, 'heart_rate', $2::bigint + i * 60000, $2::bigint + i * 60000, 0, 'UTC',
              (($2::bigint + i * 60000) / 86400000)::int, 50 + (i % 70), 'bpm', 'apple_healthkit', 'Watch', ''
       from generate_series(0, $3::int - 1) as i`,
      [userNo, start, total],
    );
    await client.end();
  }
  const dbBytes = source.database.dialect === 'sqlite' ? fs.statSync(source.database.file).size : Number.NaN;
  console.log(
    `${total} samples written in ${seconds(started)} s${source.database.dialect === 'sqlite' ? ` (database file ${mib(dbBytes)} MiB)` : ''}`,
  );

  for (const passphrase of [undefined, 'correct horse battery staple']) {
    const label = passphrase ? 'encrypted' : 'plain';
    const archive = path.join(work, `backup-${label}.${passphrase ? 'hfbackup' : 'zip'}`);
    started = performance.now();
    const result = await createBackup(source, archive, passphrase ? { passphrase } : {});
    console.log(`backup (${label}, ${dialect}): ${seconds(started)} s, archive ${mib(result.bytes)} MiB`);
    const target = await config(`restored-${label}`);
    started = performance.now();
    await restoreBackup(target, archive, passphrase ? { passphrase } : {});
    console.log(`restore (${label}, ${dialect}): ${seconds(started)} s`);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
  const admin = args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (admin && dropAfter.length > 0) {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    for (const name of dropAfter) await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
}
