import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from '../../../db/migrations/types';
import type { Database } from '../../../db/schema';
import type { PackedRows } from '../packed-rows';

/**
 * The bulk insert behind every batch write (write-batch.ts): the hot path of every import and sync, so the SQL is
 * written out once here instead of built per row. SQLite gets multi-row VALUES (14 variables a row,
 * well under its 32 766 limit); PostgreSQL gets one array per column through unnest, so a chunk is one
 * statement with 14 parameters whatever its size. ON CONFLICT DO NOTHING on the identity index makes a
 * re-import add nothing; the affected-row count says how many rows were new.
 *
 * A chunk that met rows already stored is written a second time as a revision (`writeSampleRows(…, 'revise', …)`): a
 * row whose identity is stored with another value, unit or flag replaces them and its meta (today's growing
 * step total, a re-scored night, a corrected lab). A fresh import never pays for it: its chunks are all new.
 *
 * PostgreSQL's bulk path (`copyNewRows`, sample-copy.ts): a batch that cannot meet a stored row goes in by
 * COPY instead.
 */
export const COLUMNS =
  'user_no, kind, start_at, end_at, utc_offset_min, tz, local_day, value, unit, source, device, origin_id, flag, meta';

export const INSERT_CHUNK: Record<Dialect, number> = { sqlite: 500, postgres: 5000 };

/** The identity index (`samples_identity`), which a revision names as its conflict target. */
const IDENTITY = 'user_no, kind, start_at, source, end_at, origin_id';
/** What a revision replaces; the times and the day stay, being part of the identity or following from it. */
const REVISED = ['value', 'unit', 'flag', 'meta'] as const;
/**
 * What makes a write a revision: meta alone does not (a lab PDF uploaded again carries its new upload in
 * its provenance, and is still the same result).
 */
const COMPARED = ['value', 'unit', 'flag'] as const;

const onConflict: Record<Dialect, Record<'insert' | 'revise', string>> = {
  sqlite: {
    insert: 'on conflict do nothing',
    revise:
      `on conflict (${IDENTITY}) do update set ${REVISED.map((c) => `${c} = excluded.${c}`).join(', ')} ` +
      `where ${COMPARED.map((c) => `samples.${c} is not excluded.${c}`).join(' or ')}`,
  },
  postgres: {
    insert: 'on conflict do nothing',
    revise:
      `on conflict (${IDENTITY}) do update set ${REVISED.map((c) => `${c} = excluded.${c}`).join(', ')} ` +
      `where ${COMPARED.map((c) => `samples.${c} is distinct from excluded.${c}`).join(' or ')}`,
  },
};

type Mode = 'insert' | 'revise';

const sqliteStatements = new Map<string, string>();

function sqliteInsert(rows: number, mode: Mode): string {
  const key = `${mode}:${rows}`;
  let text = sqliteStatements.get(key);
  if (!text) {
    const tuple = '(?,?,?,?,?,?,?,?,?,?,?,?,?,?)';
    text = `insert into samples (${COLUMNS}) values ${Array.from({ length: rows }, () => tuple).join(',')} ${onConflict.sqlite[mode]}`;
    sqliteStatements.set(key, text);
  }
  return text;
}

const pgInsert = (mode: Mode) =>
  `insert into samples (${COLUMNS}) ` +
  'select $1::integer, * from unnest($2::text[], $3::bigint[], $4::bigint[], $5::int[], $6::text[], $7::int[], ' +
  '$8::float8[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[]) ' +
  onConflict.postgres[mode];
const PG_STATEMENTS: Record<Mode, string> = { insert: pgInsert('insert'), revise: pgInsert('revise') };

/**
 * Writes rows[from, to) for one user, by their number (`db/user-number.ts`), and answers how many rows it
 * changed. `insert` adds the rows not stored yet (the count is the new ones). `revise` writes them again,
 * each replacing the value, unit, flag and meta of the stored row with its identity where they differ;
 * rows stored with the same values are left alone (a re-import of the same file changes nothing).
 */
export async function writeSampleRows(
  db: Kysely<Database>,
  dialect: Dialect,
  mode: Mode,
  userNo: number,
  rows: PackedRows,
  from: number,
  to: number,
): Promise<number> {
  const query =
    dialect === 'postgres'
      ? postgresQuery(mode, userNo, rows, from, to)
      : sqliteQuery(mode, userNo, rows, from, to);
  const result = await db.executeQuery(query);
  return Number(result.numAffectedRows ?? 0n);
}

function sqliteQuery(mode: Mode, userNo: number, rows: PackedRows, from: number, to: number): CompiledQuery {
  const params: unknown[] = new Array((to - from) * 14);
  let p = 0;
  for (let i = from; i < to; i++) {
    params[p++] = userNo;
    params[p++] = rows.kind(i);
    params[p++] = rows.start(i);
    params[p++] = rows.end(i);
    params[p++] = rows.utcOffsetMin(i);
    params[p++] = rows.tz(i);
    params[p++] = rows.localDay(i);
    params[p++] = rows.value(i);
    params[p++] = rows.unit(i);
    params[p++] = rows.source(i);
    params[p++] = rows.device(i);
    params[p++] = rows.originId(i);
    params[p++] = rows.flag(i);
    params[p++] = rows.meta(i);
  }
  return CompiledQuery.raw(sqliteInsert(to - from, mode), params);
}

function postgresQuery(
  mode: Mode,
  userNo: number,
  rows: PackedRows,
  from: number,
  to: number,
): CompiledQuery {
  const n = to - from;
  const cols = Array.from({ length: 13 }, () => new Array<unknown>(n));
  for (let j = 0; j < n; j++) {
    const i = from + j;
    cols[0]![j] = rows.kind(i);
    cols[1]![j] = rows.start(i);
    cols[2]![j] = rows.end(i);
    cols[3]![j] = rows.utcOffsetMin(i);
    cols[4]![j] = rows.tz(i);
    cols[5]![j] = rows.localDay(i);
    cols[6]![j] = rows.value(i);
    cols[7]![j] = rows.unit(i);
    cols[8]![j] = rows.source(i);
    cols[9]![j] = rows.device(i);
    cols[10]![j] = rows.originId(i);
    cols[11]![j] = rows.flag(i);
    cols[12]![j] = rows.meta(i);
  }
  return CompiledQuery.raw(PG_STATEMENTS[mode], [userNo, ...cols]);
}
