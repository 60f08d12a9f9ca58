import { Migrator, sql, type Kysely } from 'kysely';
import type { Config } from '../config';
import type { SampleBulkIO } from './bulk-io';
import { AppMigrationProvider } from './migrations';
import type { Dialect } from './migrations/types';
import { openPostgres } from './postgres/open';
import type { Database } from './schema';
import { openSqlite } from './sqlite/open';

/** The database as the modules use it: Kysely, its dialect, and closing it. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Where a PostgreSQL database is: what opens a connection of its own beside the app's pool needs it. */
export interface PgLocation {
  /** The connection string: the job queue (pg-boss) opens a small pool of its own on it. */
  url: string;
  /** The schema holding our tables and the migrations' bookkeeping. */
  schema: string;
}

/**
 * What `openDatabase` answers: the database, the bulk sample I/O of its kind (bulk-io.ts: what the sample
 * write path needs beyond Kysely), and on PostgreSQL where it is (the job queue and the migrations).
 */
export interface OpenedDatabase {
  db: Db;
  bulk: SampleBulkIO;
  pg?: PgLocation;
}

export function openDatabase(
  database: Config['database'],
  /** Where a lost PostgreSQL connection or a failed background checkpoint (SQLite) is reported. */
  log?: { warn(details: object, message: string): void },
): OpenedDatabase {
  return database.dialect === 'postgres' ? openPostgres(database.url, log) : openSqlite(database, log);
}

/**
 * PostgreSQL: the advisory lock one migration run holds on the database. Kysely's migrator locks its own
 * run, but only after it has listed every schema's tables to find its bookkeeping, and that listing fails
 * ('column … of relation … does not exist') when a migration elsewhere on the database drops a column at
 * that moment: a second instance starting while the first migrates, or (in the tests) another test
 * schema's migration. Holding this lock from before the listing to the end makes them take turns.
 */
const MIGRATIONS_LOCK = 7_221_027;

/** Brings the schema up to date; runs on every start. */
export async function migrateToLatest(db: Db, pg?: PgLocation): Promise<void> {
  await holdingMigrationsLock(db, () => runMigrations(db, pg));
}

/**
 * Runs `migrate` holding the migrations' lock (PostgreSQL; on SQLite, one process has the file): a session
 * lock on a connection of its own, held while the migrator works on the pool's others.
 */
export async function holdingMigrationsLock<T>(db: Db, migrate: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return migrate();
  return db.kysely.connection().execute(async (locked) => {
    await sql`select pg_advisory_lock(${MIGRATIONS_LOCK})`.execute(locked);
    try {
      return await migrate();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATIONS_LOCK})`.execute(locked);
    }
  });
}

/** Kysely's migrator over the app's migrations (on PostgreSQL, its bookkeeping in the database's schema). */
export function appMigrator(db: Db, pg?: PgLocation): Migrator {
  return new Migrator({
    db: db.kysely,
    provider: new AppMigrationProvider(db.dialect),
    ...(pg ? { migrationTableSchema: pg.schema } : {}),
  });
}

async function runMigrations(db: Db, pg?: PgLocation): Promise<void> {
  const { error, results } = await appMigrator(db, pg).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

export async function isReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db.kysely);
    return true;
  } catch {
    return false;
  }
}
