import { sql } from 'kysely';
import type pg from 'pg';
import type { SampleBulkIO } from '../bulk-io';
import { pgCopyIn } from './pg-copy';

/**
 * PostgreSQL's bulk sample I/O: COPY on the transaction's own connection, and commits that need not wait
 * for the disk; no array reads, no WAL to hold.
 */
export function postgresBulkIO(pool: pg.Pool): SampleBulkIO {
  return {
    arrays: () => undefined,
    copyIn: pgCopyIn(pool),
    holdCheckpoints: () => () => undefined,
    boundCheckpoints: async () => undefined,
    commitLazily: async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
    },
  };
}
