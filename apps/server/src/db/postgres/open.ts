import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { OpenedDatabase } from '../database';
import type { Database } from '../schema';
import { postgresBulkIO } from './bulk-io';

// int8 (bigint) columns hold epoch milliseconds, well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** The PostgreSQL database at `url` (its `public` schema), with its bulk I/O. */
export function openPostgres(
  url: string,
  /** Where a lost connection is reported. */
  log?: { warn(details: object, message: string): void },
): OpenedDatabase {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
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
    db: { kysely, dialect: 'postgres', close: () => kysely.destroy() },
    bulk: postgresBulkIO(pool),
    pg: { url, schema: 'public' },
  };
}
