import type { Kysely } from 'kysely';
import type { CopyIn } from './postgres/pg-copy';
import type { Database } from './schema';

/** A read answered as rows of arrays, not objects: see `SampleBulkIO.arrays`. */
export type ReadArrays = (text: string, params: readonly unknown[]) => unknown[][];

/**
 * What the sample write path (modules/metrics/write) needs of its database beyond Kysely: the bulk I/O
 * each database does its own way. SQLite's is `sqlite/bulk-io.ts`, PostgreSQL's `postgres/bulk-io.ts`;
 * `openDatabase` gives the one of the database it opens.
 */
export interface SampleBulkIO {
  /**
   * SQLite: the reader of a query's rows as arrays on the one connection, when `trx` is a transaction
   * this process holds (Kysely then holds the connection for it; outside one, another request's open
   * transaction could be on it). Building an object per row costs a third of reading a large import's
   * days back for the priority merge (720k samples: 1.3 → 0.85 s). Undefined otherwise, and on PostgreSQL.
   */
  arrays(trx: Kysely<Database>): ReadArrays | undefined;
  /** PostgreSQL: COPY … FROM STDIN inside a transaction (the bulk sample write, postgres/pg-copy.ts). */
  copyIn?: CopyIn;
  /**
   * SQLite: holds off WAL checkpoints while a bulk writer works (sqlite/checkpoints.ts) until the answered
   * release is called; nothing to hold on PostgreSQL.
   */
  holdCheckpoints(): () => void;
  /** Between a holder's transactions: a WAL grown past its bound is copied back before it goes on. */
  boundCheckpoints(): Promise<void>;
  /**
   * PostgreSQL: lets a bulk writer's transaction commit without waiting for its WAL to reach the disk
   * (`synchronous_commit = off` for that transaction). For a writer whose progress commits with its rows
   * only: a database crash then loses batches it had not counted yet, which it writes again on resuming,
   * and its next synchronous commit makes every earlier one durable. SQLite's WAL (synchronous NORMAL)
   * already commits so.
   */
  commitLazily?(trx: Kysely<Database>): Promise<void>;
}
