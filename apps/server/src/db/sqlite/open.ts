import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import type { ReadArrays } from '../bulk-io';
import type { OpenedDatabase } from '../database';
import type { Database } from '../schema';
import { sqliteBulkIO } from './bulk-io';
import { Checkpoints } from './checkpoints';
import { ReadWriteSqliteDialect } from './sqlite-driver';
import { openSqliteFile } from './sqlite-file';

/**
 * Once SQLite starts its WAL over, the file is cut back to this size (it would otherwise keep its
 * largest). Checkpoints reads the file's size as what was written since: kept below its 8 MB limit for
 * copying on this thread, so after one large import a small one is still copied without a worker.
 */
const WAL_KEPT_BYTES = 4 * 1024 * 1024;

/** The SQLite database in `options.file` (encrypted with DATABASE_ENCRYPTION_KEY when given), with its bulk I/O. */
export function openSqlite(
  options: { file: string; encryptionKey?: string | undefined },
  /** Where a failed background checkpoint is reported. */
  log?: { warn(details: object, message: string): void },
): OpenedDatabase {
  fs.mkdirSync(path.dirname(options.file), { recursive: true });
  // With DATABASE_ENCRYPTION_KEY the file is SQLCipher-encrypted (sqlite-file.ts).
  const sqlite = openSqliteFile(options.file, { key: options.encryptionKey });
  // A new database gets 16 KiB pages (an existing one keeps its own): a sample row is ~200 bytes with
  // its index entry, and bigger pages halve the WAL commits of a bulk import (1.2 → 0.6 s for 1 M
  // Records, apps/server/bench/import.bench.ts) and make reading a day's samples back faster. An
  // encrypted file keeps SQLCipher's 4 KiB, so the sqlcipher tool opens it with the key alone.
  if (!options.encryptionKey) sqlite.pragma('page_size = 16384');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`journal_size_limit = ${WAL_KEPT_BYTES}`);
  const checkpoints = new Checkpoints(
    sqlite,
    options.file,
    (error) =>
      log?.warn({ err: error }, 'the WAL checkpoint failed; it is tried again after the next import'),
    undefined,
    options.encryptionKey,
  );
  // Reads outside a transaction get a connection of their own (sqlite-driver.ts), so a long write
  // transaction that lets the event loop run (an import's batch) does not hold them up.
  const inMemory = options.file === ':memory:' || options.file === '';
  const reader = inMemory ? undefined : openSqliteFile(options.file, { key: options.encryptionKey });
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
  return { db: { kysely, dialect: 'sqlite', close }, bulk: sqliteBulkIO(readArrays, checkpoints) };
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
