import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { Checkpoints } from './checkpoints';
import { openSqliteFile } from './sqlite-file';
import { AppMigrationProvider } from './migrations';
import { pgCopyIn, type CopyIn } from './pg-copy';
import { ReadWriteSqliteDialect } from './sqlite-driver';
import type { Dialect } from './migrations/types';
import type { Database } from './schema';

// int8 (bigint) columns hold epoch milliseconds, well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema holding our tables (and the migration bookkeeping). */
  schema?: string;
  /** PostgreSQL: the connection string (the job queue, pg-boss, opens a small pool of its own on it). */
  url?: string;
  /**
   * SQLite only: runs a read on the one connection and answers its rows as arrays. Building an object
   * per row costs a third of reading a large import's days back for the priority merge (720k samples:
   * 1.3 → 0.85 s). Only for reads inside a transaction this process holds (see `arraysInTransaction`):
   * outside one, another request's open transaction could be on the connection.
   */
  readArrays?: ReadArrays;
  /** SQLite only: lets a bulk writer hold off WAL checkpoints (see Checkpoints). */
  checkpoints?: Checkpoints;
  /** PostgreSQL only: COPY … FROM STDIN inside a transaction (the bulk sample write, see pg-copy.ts). */
  copyIn?: CopyIn;
  close(): Promise<void>;
}

export type ReadArrays = (text: string, params: readonly unknown[]) => unknown[][];

/** `db`'s array reader when `trx` is a transaction of it; Kysely then holds the connection for `trx`. */
export function arraysInTransaction(
  db: Pick<Db, 'readArrays'>,
  trx: Kysely<Database>,
): ReadArrays | undefined {
  return trx.isTransaction ? db.readArrays : undefined;
}

/**
 * Once SQLite starts its WAL over, the file is cut back to this size (it would otherwise keep its
 * largest). Checkpoints reads the file's size as what was written since: kept below its 8 MB limit for
 * copying on this thread, so after one large import a small one is still copied without a worker.
 */
const WAL_KEPT_BYTES = 4 * 1024 * 1024;

export function openDatabase(
  database: Config['database'],
  /** Where a failed background checkpoint is reported (SQLite). */
  log?: { warn(details: object, message: string): void },
): Db {
  if (database.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // A client whose connection is cut (a restarted or unreachable PostgreSQL) emits 'error': without a
    // listener that kills the process; with one, queries fail and /api/ready answers not-ready until it is
    // back. The pool listens only while a client is idle — a client Kysely holds (a query or transaction in
    // flight) has no listener of the pool's, and its 'error' crashed an instance whose database went away
    // (two-instances.int.test.ts) — so every client gets one of its own. The pool then drops the client at
    // its release, since it is no longer queryable. Only the message is logged: the error carries the
    // client itself (its whole state, the server's cancel key among it).
    const lost = (err: Error) =>
      log?.warn({ err: { message: err.message } }, 'a PostgreSQL connection was lost');
    pool.on('connect', (client) => client.on('error', lost));
    // The pool passes on an idle client's error too; the client's own listener has logged it already.
    pool.on('error', () => undefined);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      schema: 'public',
      url: database.url,
      copyIn: pgCopyIn(pool),
      close: () => kysely.destroy(),
    };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  // With DATABASE_ENCRYPTION_KEY the file is SQLCipher-encrypted (sqlite-file.ts).
  const sqlite = openSqliteFile(database.file, { key: database.encryptionKey });
  // A new database gets 16 KiB pages (an existing one keeps its own): a sample row is ~200 bytes with
  // its index entry, and bigger pages halve the WAL commits of a bulk import (1.2 → 0.6 s for 1 M
  // Records, apps/server/bench/import.bench.ts) and make reading a day's samples back faster. An
  // encrypted file keeps SQLCipher's 4 KiB, so the sqlcipher tool opens it with the key alone.
  if (!database.encryptionKey) sqlite.pragma('page_size = 16384');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`journal_size_limit = ${WAL_KEPT_BYTES}`);
  const checkpoints = new Checkpoints(
    sqlite,
    database.file,
    (error) =>
      log?.warn({ err: error }, 'the WAL checkpoint failed; it is tried again after the next import'),
    undefined,
    database.encryptionKey,
  );
  // Reads outside a transaction get a connection of their own (sqlite-driver.ts), so a long write
  // transaction that lets the event loop run (an import's batch) does not hold them up.
  const inMemory = database.file === ':memory:' || database.file === '';
  const reader = inMemory ? undefined : openSqliteFile(database.file, { key: database.encryptionKey });
  reader?.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({
    dialect: new ReadWriteSqliteDialect(() => ({
      writer: statementCache(sqlite),
      ...(reader ? { reader: statementCache(reader) } : {}),
      close: () => {
        reader?.close();
        sqlite.close();
      },
    })),
  });
  const arrayReads = statementCache(sqlite, (statement) => statement.raw(true));
  const readArrays: ReadArrays = (text, params) => arrayReads(text).all(params) as unknown[][];
  const close = async () => {
    await checkpoints.idle();
    await kysely.destroy();
  };
  return { kysely, dialect: 'sqlite', readArrays, checkpoints, close };
}

/**
 * Kysely hands a statement its parameters as one array. better-sqlite3 reads an array argument element
 * by element through V8's generic property lookup, but reads separate arguments directly; spreading the
 * array makes a 500-row sample insert (7 000 parameters) bind ~10 % faster, and the bulk insert is most
 * of an import's time (apps/server/bench/import.bench.ts). SQLite allows at most 32 766 parameters, well
 * inside what a call may spread.
 */
class SpreadStatement {
  constructor(private readonly statement: SQLite.Statement) {}

  /** Still being iterated: not to be handed out again. */
  get busy(): boolean {
    return this.statement.busy;
  }
  get reader(): boolean {
    return this.statement.reader;
  }
  get readonly(): boolean {
    return this.statement.readonly;
  }
  run(parameters: readonly unknown[]): SQLite.RunResult {
    return this.statement.run(...parameters);
  }
  all(parameters: readonly unknown[]): unknown[] {
    return this.statement.all(...parameters);
  }
  iterate(parameters: readonly unknown[]): IterableIterator<unknown> {
    return this.statement.iterate(...parameters);
  }
}

/** Prepared statements kept per connection; past this many, the least recently prepared goes. */
const STATEMENTS_KEPT = 256;

/**
 * Prepares a SQL text once and reuses its statement (wrapped to take its parameters spread): SQLite then
 * parses and plans each query once, not on every call (a 500-row sample insert, a day's rollup upsert,
 * a session lookup). A statement still being iterated is not handed out again (Kysely holds the
 * connection for a stream, so this is a guard).
 */
function statementCache(
  sqlite: SQLite.Database,
  configure: (statement: SQLite.Statement) => SQLite.Statement = (statement) => statement,
): (text: string) => SpreadStatement {
  const kept = new Map<string, SpreadStatement>();
  return (text) => {
    const statement = kept.get(text);
    if (statement && !statement.busy) return statement;
    const prepared = new SpreadStatement(configure(sqlite.prepare(text)));
    if (!statement) {
      if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(text, prepared);
    }
    return prepared;
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
