import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

/** A prepared statement as the connections' statement caches hand it out (database.ts). */
export interface CachedStatement {
  readonly reader: boolean;
  /** Whether it leaves the database as it was (SQLite's sqlite3_stmt_readonly). */
  readonly readonly: boolean;
  run(parameters: readonly unknown[]): { changes: number; lastInsertRowid: number | bigint };
  all(parameters: readonly unknown[]): unknown[];
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

export type Prepare = (text: string) => CachedStatement;

export interface ReadWriteConnections {
  /** The connection every transaction and every write runs on, one holder at a time. */
  writer: Prepare;
  /** A second connection to the same file, for reads outside a transaction; none for a database in memory. */
  reader?: Prepare;
  close(): void;
}

/**
 * SQLite as Kysely sees it, over two connections to one WAL file. Kysely's own SQLite driver has one
 * connection, held by a transaction until it ends, so every other request's read waited for an import's
 * batch to commit. Here transactions and writes take the writer connection, one holder at a time as
 * before; a read outside a transaction (`sqlite3_stmt_readonly`) runs on the reader connection at once,
 * on the last committed state (WAL readers never wait for the writer). A long write transaction — an
 * import's batch — can then let the event loop run between its statements (`letOthersIn`, rollups.ts)
 * and other people's reads are answered meanwhile.
 */
export class ReadWriteSqliteDialect implements Dialect {
  constructor(private readonly open: () => ReadWriteConnections) {}

  createDriver(): Driver {
    return new ReadWriteSqliteDriver(this.open);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

class ReadWriteSqliteDriver implements Driver {
  private connections: ReadWriteConnections | undefined;
  readonly writing = new Mutex();

  constructor(private readonly open: () => ReadWriteConnections) {}

  async init(): Promise<void> {
    this.connections = this.open();
  }

  get writer(): Prepare {
    return this.connections!.writer;
  }
  get reader(): Prepare | undefined {
    return this.connections!.reader;
  }

  /** A connection per use: it takes the writer only when it writes or begins a transaction. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new Session(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const session = connection as Session;
    await session.holdWriter();
    await session.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as Session).releaseWriter();
  }

  async destroy(): Promise<void> {
    this.connections?.close();
    this.connections = undefined;
  }
}

class Session implements DatabaseConnection {
  private holding = false;

  constructor(private readonly driver: ReadWriteSqliteDriver) {}

  async holdWriter(): Promise<void> {
    if (this.holding) return;
    await this.driver.writing.lock();
    this.holding = true;
  }

  releaseWriter(): void {
    if (!this.holding) return;
    this.holding = false;
    this.driver.writing.unlock();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.holding) return run<R>(this.driver.writer(query.sql), query);
    const { reader } = this.driver;
    if (reader) {
      const statement = reader(query.sql);
      if (statement.readonly) return run<R>(statement, query);
    }
    // A write outside a transaction waits for the writer, as it did on the one connection.
    await this.holdWriter();
    try {
      return run<R>(this.driver.writer(query.sql), query);
    } finally {
      this.releaseWriter();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('SQLite streams only select queries');
    const { reader } = this.driver;
    if (this.holding || reader) {
      const statement = this.holding ? this.driver.writer(query.sql) : reader!(query.sql);
      for (const row of statement.iterate(query.parameters)) yield { rows: [row as R] };
      return;
    }
    await this.holdWriter();
    try {
      for (const row of this.driver.writer(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
    } finally {
      this.releaseWriter();
    }
  }
}

function run<R>(statement: CachedStatement, query: CompiledQuery): QueryResult<R> {
  if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** Kysely's own: one holder at a time, the others queued in turn. */
class Mutex {
  private held: Promise<void> | undefined;
  private resolve: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => (this.resolve = resolve));
  }

  unlock(): void {
    const resolve = this.resolve;
    this.held = undefined;
    this.resolve = undefined;
    resolve?.();
  }
}
