import { CompiledQuery, type Kysely } from 'kysely';
import { BinaryCopyWriter, copyNew, type CopyIn } from '../../../db/postgres/pg-copy';
import type { Database } from '../../../db/schema';
import { NUMBERS, REFS, type PackedRows } from '../packed-rows';
import type { RollupValues } from '../rollups.repository';
import { streamDayKey } from './day-aggregates';
import { COLUMNS } from './sample-insert';

/**
 * PostgreSQL: below this many rows a batch is written by the statements above; from it on, when it
 * cannot meet a stored row, by COPY (two more round trips, then a write the server does in bulk).
 */
export const COPY_MIN_ROWS = 1000;

const COPY_STATEMENT = `copy samples (${COLUMNS}) from stdin with (format binary)`;
/** Bytes handed to COPY per write. */
const COPY_PIECE = 256 * 1024;

/** What `copyNewRows` wrote, and what it left for the statements above. */
export interface CopiedRows {
  copied: PackedRows;
  /** The day aggregates of the copied rows (`streams` without those of the rows left). */
  streams: Map<string, RollupValues>;
  /** Rows of stream days stored already: written by the statements, which tell new from stored. */
  left: PackedRows;
}

/**
 * PostgreSQL: writes by COPY the rows of a batch that cannot be stored already, and answers them and the
 * rows left; answers undefined, having written nothing, when the whole batch is left to the statements.
 *
 * COPY has no ON CONFLICT: one row meeting a stored identity fails the whole COPY. So rows go this way
 * only on a stream day that nothing stored has: `streams` are the batch's day aggregates
 * (`aggregateInto`), and the stored rollup rows with the kind, day, source and device of one of them (read
 * as one key range per stream, over the days the batch spans) mark the days whose rows are left — an
 * import's batch ends within a day, and the next one starts on it — while every other row is new (every
 * first import of a kind or of a stretch of time, the bulk of any large import). A batch two of whose rows share an identity (a file
 * may carry one reading twice: the statements count the second as a duplicate or a revision) is left
 * whole. A stored sample can still share an identity without sharing a stream day (the same reading
 * brought before by another path, which its device carries, or recorded at another offset): the COPY
 * runs under a savepoint, and a unique violation rolls back to it, having changed nothing, and leaves
 * the whole batch to the statements. The caller holds the user's write lock (`lockUserWrites`), as
 * every sample write does, so nothing else stores one of these identities meanwhile.
 *
 * Why not COPY into a staging table and one `insert … select … on conflict`: that statement inserts its
 * rows one at a time, as the statements above do already, while COPY into the table writes them a page
 * at a time (300 000 samples on this machine: `insert … select` 9.9 s, COPY 7.0 s, and COPY into a
 * staging table 0.7 s more).
 */
export async function copyNewRows(
  trx: Kysely<Database>,
  copyIn: CopyIn,
  /** The user's number (`users.user_no`), which both tables key their rows by. */
  owner: number,
  rows: PackedRows,
  streams: ReadonlyMap<string, RollupValues>,
): Promise<CopiedRows | undefined> {
  if (sharesIdentity(rows)) return undefined;
  // The stored rollup rows of the batch's streams, one index range per stream over the days its rows span
  // (`daily_rollups`' key is owner, kind, day, source, device): a probe per stream day cost a B-tree
  // descent each, ~1 s of a 1 M-Record import whose sparse kinds bring a day per row. Stored days within a
  // range that the batch does not bring come back too, and are simply not among `streams`' keys.
  const spans = new Map<
    string,
    { kind: string; source: string; device: string; first: number; last: number }
  >();
  for (const s of streams.values()) {
    const key = streamDayKey(s.kind, 0, s.source, s.device); // the stream's, whatever the day
    const span = spans.get(key);
    if (!span) {
      spans.set(key, {
        kind: s.kind,
        source: s.source,
        device: s.device,
        first: s.local_day,
        last: s.local_day,
      });
    } else if (s.local_day < span.first) span.first = s.local_day;
    else if (s.local_day > span.last) span.last = s.local_day;
  }
  const ranges = [...spans.values()];
  const stored = await trx.executeQuery<{ kind: string; local_day: number; source: string; device: string }>(
    CompiledQuery.raw(
      'select r.kind, r.local_day, r.source, r.device ' +
        'from unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::int[]) as s (kind, source, device, first, last) ' +
        'join daily_rollups r on r.user_no = $1 and r.kind = s.kind and r.local_day between s.first and s.last ' +
        'and r.source = s.source and r.device = s.device',
      [
        owner,
        ranges.map((r) => r.kind),
        ranges.map((r) => r.source),
        ranges.map((r) => r.device),
        ranges.map((r) => r.first),
        ranges.map((r) => r.last),
      ],
    ),
  );
  let copied = rows;
  let left = rows.pick(() => false);
  const copiedStreams = new Map(streams);
  if (stored.rows.length > 0) {
    const storedDays = new Set<number>();
    const storedKeys = new Set<string>();
    for (const r of stored.rows) {
      const key = streamDayKey(r.kind, r.local_day, r.source, r.device);
      storedDays.add(r.local_day);
      storedKeys.add(key);
      copiedStreams.delete(key);
    }
    // Which rows are left, asked once per row (a key is a string made per row of a stored day).
    const isLeft = new Uint8Array(rows.length);
    let leftCount = 0;
    for (let i = 0; i < rows.length; i++) {
      if (
        storedDays.has(rows.localDay(i)) &&
        storedKeys.has(streamDayKey(rows.kind(i), rows.localDay(i), rows.source(i), rows.device(i) ?? ''))
      ) {
        isLeft[i] = 1;
        leftCount++;
      }
    }
    if (leftCount === rows.length) return undefined;
    left = rows.pick((i) => isLeft[i] === 1);
    copied = rows.pick((i) => isLeft[i] === 0);
  }
  if (!(await copyNew(trx, copyIn, COPY_STATEMENT, copyTuples(owner, copied)))) return undefined;
  return { copied, streams: copiedStreams, left };
}

/** Rows of one kind and start that `sharesIdentity` compares pair by pair. */
const SHORT_RUN = 64;

/**
 * Whether two rows share an identity — or may: rows out of the order PackedRowsBuilder sorts them in
 * (kind, then start) are not looked through, and count as sharing. In that order the rows of one identity
 * sit in one run of equal kind and start.
 */
function sharesIdentity(rows: PackedRows): boolean {
  let runFrom = 0;
  for (let i = 1; i < rows.length; i++) {
    const kind = rows.kind(i);
    const start = rows.start(i);
    const previousKind = rows.kind(i - 1);
    if (kind !== previousKind || start !== rows.start(i - 1)) {
      if (kind < previousKind || (kind === previousKind && start < rows.start(i - 1))) return true;
      runFrom = i;
      continue;
    }
    // A long run (many readings at one instant) is not looked through pair by pair.
    if (i - runFrom > SHORT_RUN) return true;
    for (let j = runFrom; j < i; j++) {
      if (
        rows.source(j) === rows.source(i) &&
        rows.end(j) === rows.end(i) &&
        rows.originId(j) === rows.originId(i)
      ) {
        return true;
      }
    }
  }
  return false;
}

/**
 * The rows in COPY's binary format, in the order of COLUMNS, a piece of about COPY_PIECE bytes at a time.
 * Binary rather than text: the numbers are neither formatted here nor parsed by the server, and each
 * distinct string of the batch is encoded once (1 M Records on PostgreSQL: see the metrics README).
 */
function* copyTuples(userNo: number, rows: PackedRows): Generator<Buffer> {
  const { numbers, refs, strings } = rows.data().data;
  const encoded: (Buffer | undefined)[] = [];
  const bytes = (ref: number): Buffer | null =>
    ref < 0 ? null : (encoded[ref] ??= Buffer.from(strings[ref]!, 'utf8'));
  const length = (b: Buffer | null) => (b === null ? 0 : b.length);
  const copy = new BinaryCopyWriter(14, COPY_PIECE);
  for (let i = 0; i < rows.length; i++) {
    const n = i * NUMBERS;
    const r = i * REFS;
    const kind = bytes(refs[r]!);
    const tz = bytes(refs[r + 1]!);
    const unit = bytes(refs[r + 2]!);
    const source = bytes(refs[r + 3]!);
    const device = bytes(refs[r + 4]!);
    const origin = bytes(refs[r + 5]!);
    const flag = bytes(refs[r + 6]!);
    const meta = bytes(refs[r + 7]!);
    const full = copy.tuple(
      length(kind) +
        length(tz) +
        length(unit) +
        length(source) +
        length(device) +
        length(origin) +
        length(flag) +
        length(meta),
    );
    if (full) yield full;
    copy.int4(userNo);
    copy.text(kind);
    copy.int8(numbers[n]!); // start_at
    copy.int8(numbers[n + 1]!); // end_at
    copy.int4(numbers[n + 3]!); // utc_offset_min
    copy.text(tz);
    copy.int4(numbers[n + 4]!); // local_day
    copy.float8(numbers[n + 2]!); // value
    copy.text(unit);
    copy.text(source);
    copy.text(device);
    copy.text(origin);
    copy.text(flag);
    copy.text(meta);
  }
  yield copy.end();
}
