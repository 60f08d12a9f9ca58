import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../schema';

/**
 * PostgreSQL: runs `COPY … FROM STDIN` inside a Kysely transaction, sending `data` (text format). Answers
 * false, having sent nothing, when the transaction's connection is not one of this pool's (a connection
 * pooler in front, which numbers its clients itself): the caller then writes another way.
 */
export type CopyIn = (trx: Kysely<Database>, statement: string, data: Iterable<string>) => Promise<boolean>;

/**
 * COPY needs the driver's client, which Kysely keeps to itself: the pool's clients are known by their
 * server process id (`client.processID`, from the server's BackendKeyData at connect), and a transaction
 * asks the server for its own (`pg_backend_pid()`). Kysely holds one connection for a transaction and
 * sends nothing on it while the transaction's callback awaits, so the COPY runs there, between its
 * statements, and commits or rolls back with them.
 */
export function pgCopyIn(pool: pg.Pool): CopyIn {
  const clients = new Map<number, pg.PoolClient>();
  const pidOf = (client: pg.PoolClient) => (client as unknown as { processID: number | null }).processID;
  pool.on('connect', (client) => {
    const pid = pidOf(client);
    if (pid !== null) clients.set(pid, client);
  });
  pool.on('remove', (client) => {
    const pid = pidOf(client as pg.PoolClient);
    if (pid !== null && clients.get(pid) === client) clients.delete(pid);
  });
  return async (trx, statement, data) => {
    if (!trx.isTransaction) throw new Error('COPY runs inside a transaction');
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    const client = clients.get(Number(rows[0]!.pid));
    if (!client) return false;
    await pipeline(Readable.from(data, { objectMode: false }), client.query(copyFrom(statement)));
    return true;
  };
}

/**
 * A value in COPY's text format: `\N` for null; backslash, tab, newline and carriage return escaped.
 * Numbers as JavaScript writes them (the shortest form that reads back as the same double, which
 * PostgreSQL's float8 input reads exactly; integers plainly).
 */
export function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, escapeChar) : value;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const escapeChar = (c: string) => ESCAPES[c]!;
