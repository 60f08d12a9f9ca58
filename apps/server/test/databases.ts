import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { SampleBulkIO } from '../src/db/bulk-io';
import {
  holdingMigrationsLock,
  openDatabase,
  type Db,
  type OpenedDatabase,
  type PgLocation,
} from '../src/db/database';
import { postgresBulkIO } from '../src/db/postgres/bulk-io';
import type { Database } from '../src/db/schema';

export type TestDialect = 'sqlite' | 'postgres';

/** A stored sample's content: every column but its row id and owner (two runs' samples compare equal by it). */
export const SAMPLE_CONTENT_COLUMNS = [
  'kind',
  'start_at',
  'end_at',
  'utc_offset_min',
  'tz',
  'local_day',
  'value',
  'unit',
  'source',
  'device',
  'origin_id',
  'flag',
  'meta',
] as const;

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDialects: TestDialect[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/**
 * Kysely's migrator lists the tables of every schema of the database (`introspection.getTables`), and
 * PostgreSQL fails that listing with 'schema "t_…" does not exist' when another test file drops its schema
 * at that moment — with two test workers it did, once a run. Listings take this advisory lock shared, and a
 * schema is dropped holding it exclusively.
 */
const SCHEMA_DROP_LOCK = 7_221_026;
/** PostgreSQL's SQLSTATE for a transaction it failed to end a deadlock. */
const DEADLOCK_DETECTED = '40P01';
const guarded = Symbol('schema-drop lock');

function guardCatalogListings(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  pool.connect = (async () => {
    const client = (await connect()) as pg.PoolClient & { [guarded]?: true };
    if (client[guarded]) return client;
    client[guarded] = true;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      // Everything else (COPY streams included) goes through untouched, as it was called.
      if (typeof text !== 'string' || !text.includes('"pg_catalog"."pg_attribute"'))
        return query(config, ...rest);
      return (async () => {
        await query('select pg_advisory_lock_shared($1)', [SCHEMA_DROP_LOCK]);
        try {
          return await query(config, ...rest);
        } finally {
          await query('select pg_advisory_unlock_shared($1)', [SCHEMA_DROP_LOCK]);
        }
      })();
    }) as typeof client.query;
    return client;
  }) as typeof pool.connect;
}

/**
 * The tables of this test database (on PostgreSQL, of its own schema: test files beside it have theirs).
 * Kysely lists every schema's columns, and that fails while another test file's migration drops a column:
 * the listing takes the migrations' lock, as the migrator's does (db/database.ts).
 */
export async function ownTables(db: Db, pg?: PgLocation) {
  const tables = await holdingMigrationsLock(db, () => db.kysely.introspection.getTables());
  return tables.filter((t) => !pg || t.schema === pg.schema);
}

/** A test database: a Db, with the bulk I/O and (PostgreSQL) the location `openDatabase` gives beside it. */
export interface TestDb extends Db {
  bulk: SampleBulkIO;
  pg?: PgLocation;
}

/** A test database as `openDatabase` answers (what `buildApp` takes as an opened database). */
export const opened = (db: TestDb): OpenedDatabase => ({
  db,
  bulk: db.bulk,
  ...(db.pg ? { pg: db.pg } : {}),
});

/**
 * A fresh, empty database of the given dialect: a temp SQLite file, or a throwaway PostgreSQL
 * schema so test files running in parallel never see each other's rows.
 */
export async function createTestDb(dialect: TestDialect): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-test-'));
    const { db, bulk } = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'test.db') });
    return {
      ...db,
      bulk,
      close: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, max: 5, options: `-c search_path=${schema}` });
  guardCatalogListings(pool);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    dialect: 'postgres',
    bulk: postgresBulkIO(pool),
    pg: { url, schema },
    close: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [SCHEMA_DROP_LOCK]);
        // A job queue still working in this schema (a test that stops the database under a running app,
        // as ready.int.test.ts does) can deadlock with the drop: PostgreSQL then fails one of the two
        // (seen once in a full run), and the drop goes again.
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`drop schema ${schema} cascade`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt === 5) throw error;
          }
        }
      } finally {
        await client.query('select pg_advisory_unlock($1)', [SCHEMA_DROP_LOCK]).catch(() => {});
        client.release();
      }
      await kysely.destroy();
    },
  };
}

/**
 * A throwaway PostgreSQL database of its own, for what needs a whole database rather than a schema: a child
 * server (which uses `public`) or pg_dump (which dumps a database). `prefix` names it in `\l` (`hf_<prefix>_…`).
 */
export async function createPgDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  const name = `hf_${prefix}_${randomBytes(5).toString('hex')}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`drop database if exists ${name} with (force)`) };
}
