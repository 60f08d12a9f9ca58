import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { AppMigrationProvider } from './migrations';
import type { Dialect } from './migrations/types';
import type { Database } from './schema';

// int8 (bigint) columns hold epoch milliseconds, well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema holding our tables (and the migration bookkeeping). */
  schema?: string;
  close(): Promise<void>;
}

export function openDatabase(database: Config['database']): Db {
  if (database.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', schema: 'public', close: () => kysely.destroy() };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  // A new database gets 16 KiB pages (an existing one keeps its own): a sample row is ~200 bytes with
  // its index entry, and bigger pages halve the WAL commits of a bulk import (1.2 → 0.6 s for 1 M
  // Records, apps/server/bench/import.bench.ts) and make reading a day's samples back faster.
  sqlite.pragma('page_size = 16384');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: cachingStatements(sqlite) }),
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/** SQL texts whose prepared statements are kept: the bulk sample insert, prepared once per chunk size. */
const CACHED_SQL = /^insert into samples \(/;

/**
 * better-sqlite3 as Kysely sees it, reusing the prepared statements of the bulk insert instead of
 * compiling a 500-row statement for every chunk. Only `run` statements are cached, never ones a
 * stream may be iterating.
 */
function cachingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      if (!CACHED_SQL.test(text)) return sqlite.prepare(text);
      let statement = cache.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/** Brings the schema up to date; runs on every start. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: new AppMigrationProvider(db.dialect),
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
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
