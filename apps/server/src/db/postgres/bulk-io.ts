import type pg from 'pg';
import type { SampleBulkIO } from '../bulk-io';
import { pgCopyIn } from './pg-copy';

/** PostgreSQL's bulk sample I/O: COPY on the transaction's own connection; no array reads, no WAL to hold. */
export function postgresBulkIO(pool: pg.Pool): SampleBulkIO {
  return {
    arrays: () => undefined,
    copyIn: pgCopyIn(pool),
    holdCheckpoints: () => () => undefined,
    boundCheckpoints: async () => undefined,
  };
}
