import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../schema';

/**
 * PostgreSQL: runs `COPY … FROM STDIN` inside a Kysely transaction, sending `data` as it comes (in the
 * format the statement names: `BinaryCopyWriter` below writes the binary one). Answers false, having sent
 * nothing, when the transaction's connection is not one of this pool's (a connection pooler in front,
 * which numbers its clients itself): the caller then writes another way.
 */
export type CopyIn = (trx: Kysely<Database>, statement: string, data: Iterable<Buffer>) => Promise<boolean>;

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

/** PostgreSQL's SQLSTATE for a row that would break a unique index. */
const UNIQUE_VIOLATION = '23505';

/**
 * COPY has no ON CONFLICT: one row meeting a stored key fails the whole statement. For rows its caller
 * believes new, this runs `copyIn` under a savepoint and answers whether they were written; false — having
 * written nothing — when the connection is not the pool's (`CopyIn`) or a row met a stored key (the unique
 * violation is rolled back to the savepoint), and the caller then writes them another way.
 */
export async function copyNew(
  trx: Kysely<Database>,
  copyIn: CopyIn,
  statement: string,
  data: Iterable<Buffer>,
): Promise<boolean> {
  await sql`savepoint copy_new`.execute(trx);
  try {
    if (!(await copyIn(trx, statement, data))) {
      await sql`release savepoint copy_new`.execute(trx);
      return false;
    }
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
    await sql`rollback to savepoint copy_new`.execute(trx);
    return false;
  }
  await sql`release savepoint copy_new`.execute(trx);
  return true;
}

/** COPY's binary file header: its signature, no flags, no header extension (PostgreSQL docs, "COPY"). */
const HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
/** Bytes of a field besides a text's own: its length word, and 8 for the widest number. */
const FIELD_BYTES = 4 + 8;
const TWO_TO_32 = 2 ** 32;

/**
 * Writes tuples in COPY's binary format (`copy … from stdin with (format binary)`) into pieces of about
 * `pieceBytes`, for `CopyIn`. Numbers go as their bytes — PostgreSQL parses no digits, and this process
 * formats none — and a text as its UTF-8 bytes, which the caller encodes once per distinct string
 * (`Buffer.from(text)`). A tuple is `tuple(…)`, then one `int4`/`int8`/`float8`/`text` call per column, in the
 * statement's column order; the types must be the columns' own (binary input is not converted).
 */
export class BinaryCopyWriter {
  private piece: Buffer;
  /** The piece as a DataView: its setters take a third of the time of Buffer's write methods here. */
  private view: DataView;
  private at: number;

  constructor(
    /** Columns per tuple. */
    private readonly fields: number,
    private readonly pieceBytes = 256 * 1024,
  ) {
    this.piece = Buffer.allocUnsafe(pieceBytes);
    this.view = viewOf(this.piece);
    this.at = HEADER.copy(this.piece, 0);
  }

  /**
   * Starts a tuple whose texts take `textBytes` (their encoded lengths summed). Answers the piece filled
   * so far when the tuple needs a new one (send it), else undefined.
   */
  tuple(textBytes: number): Buffer | undefined {
    const room = 2 + this.fields * FIELD_BYTES + textBytes;
    const full = this.at + room > this.piece.length ? this.next(room) : undefined;
    this.view.setInt16(this.at, this.fields);
    this.at += 2;
    return full;
  }

  int4(value: number): void {
    this.view.setInt32(this.at, 4);
    this.view.setInt32(this.at + 4, value);
    this.at += 8;
  }

  /** A whole number in JavaScript's safe range, as a signed 64-bit integer: the high word, then the low. */
  int8(value: number): void {
    if (!Number.isSafeInteger(value)) throw new RangeError(`${value} is not a whole number for a bigint`);
    const high = Math.floor(value / TWO_TO_32);
    this.view.setInt32(this.at, 8);
    this.view.setInt32(this.at + 4, high);
    this.view.setUint32(this.at + 8, value - high * TWO_TO_32);
    this.at += 12;
  }

  /** A double's IEEE 754 bytes, big-endian: exactly the value, as PostgreSQL's float8send writes it. */
  float8(value: number): void {
    this.view.setInt32(this.at, 8);
    this.view.setFloat64(this.at + 4, value);
    this.at += 12;
  }

  /** A null of any column's type. */
  null(): void {
    this.view.setInt32(this.at, -1);
    this.at += 4;
  }

  /** A text's UTF-8 bytes, or null. */
  text(bytes: Buffer | null): void {
    if (bytes === null) return this.null();
    this.view.setInt32(this.at, bytes.length);
    this.piece.set(bytes, this.at + 4);
    this.at += 4 + bytes.length;
  }

  /** The last piece, with the trailer. */
  end(): Buffer {
    const full = this.at + 2 > this.piece.length ? this.next(2) : undefined;
    this.view.setInt16(this.at, -1);
    this.at += 2;
    const last = this.piece.subarray(0, this.at);
    return full ? Buffer.concat([full, last]) : last;
  }

  private next(room: number): Buffer {
    const full = this.piece.subarray(0, this.at);
    this.piece = Buffer.allocUnsafe(Math.max(this.pieceBytes, room));
    this.view = viewOf(this.piece);
    this.at = 0;
    return full;
  }
}

const viewOf = (piece: Buffer) => new DataView(piece.buffer, piece.byteOffset, piece.byteLength);
