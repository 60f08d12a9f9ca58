import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from '../../db/migrations/types';
import type { Database } from '../../db/schema';
import type { SampleRow } from './sample-row';

/**
 * The bulk insert behind SampleStore.insertBatch: the hot path of every import and sync, so the SQL is
 * written out once here instead of built per row. SQLite gets multi-row VALUES (14 variables a row,
 * well under its 32 766 limit); PostgreSQL gets one array per column through unnest, so a chunk is one
 * statement with 14 parameters whatever its size. ON CONFLICT DO NOTHING on the identity index makes a
 * re-import add nothing; the affected-row count says how many rows were new.
 */
const COLUMNS =
  'user_id, kind, start_at, end_at, utc_offset_min, tz, local_day, value, unit, source, device, origin_id, flag, meta';

export const INSERT_CHUNK: Record<Dialect, number> = { sqlite: 500, postgres: 5000 };

const sqliteStatements = new Map<number, string>();

function sqliteInsert(rows: number): string {
  let text = sqliteStatements.get(rows);
  if (!text) {
    const tuple = '(?,?,?,?,?,?,?,?,?,?,?,?,?,?)';
    text = `insert into samples (${COLUMNS}) values ${Array.from({ length: rows }, () => tuple).join(',')} on conflict do nothing`;
    sqliteStatements.set(rows, text);
  }
  return text;
}

const PG_INSERT =
  `insert into samples (${COLUMNS}) ` +
  'select $1::text, * from unnest($2::text[], $3::bigint[], $4::bigint[], $5::int[], $6::text[], $7::int[], ' +
  '$8::float8[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[]) ' +
  'on conflict do nothing';

/** Inserts rows[from, to) for one user; answers how many were new. */
export async function insertSampleRows(
  db: Kysely<Database>,
  dialect: Dialect,
  userId: string,
  rows: readonly SampleRow[],
  from: number,
  to: number,
): Promise<number> {
  const query =
    dialect === 'postgres' ? postgresQuery(userId, rows, from, to) : sqliteQuery(userId, rows, from, to);
  const result = await db.executeQuery(query);
  return Number(result.numAffectedRows ?? 0n);
}

function sqliteQuery(userId: string, rows: readonly SampleRow[], from: number, to: number): CompiledQuery {
  const params: unknown[] = new Array((to - from) * 14);
  let p = 0;
  for (let i = from; i < to; i++) {
    const r = rows[i]!;
    params[p++] = userId;
    params[p++] = r.kind;
    params[p++] = r.start_at;
    params[p++] = r.end_at;
    params[p++] = r.utc_offset_min;
    params[p++] = r.tz;
    params[p++] = r.local_day;
    params[p++] = r.value;
    params[p++] = r.unit;
    params[p++] = r.source;
    params[p++] = r.device;
    params[p++] = r.origin_id;
    params[p++] = r.flag;
    params[p++] = r.meta;
  }
  return CompiledQuery.raw(sqliteInsert(to - from), params);
}

function postgresQuery(userId: string, rows: readonly SampleRow[], from: number, to: number): CompiledQuery {
  const n = to - from;
  const cols = Array.from({ length: 13 }, () => new Array<unknown>(n));
  for (let i = 0; i < n; i++) {
    const r = rows[from + i]!;
    cols[0]![i] = r.kind;
    cols[1]![i] = r.start_at;
    cols[2]![i] = r.end_at;
    cols[3]![i] = r.utc_offset_min;
    cols[4]![i] = r.tz;
    cols[5]![i] = r.local_day;
    cols[6]![i] = r.value;
    cols[7]![i] = r.unit;
    cols[8]![i] = r.source;
    cols[9]![i] = r.device;
    cols[10]![i] = r.origin_id;
    cols[11]![i] = r.flag;
    cols[12]![i] = r.meta;
  }
  return CompiledQuery.raw(PG_INSERT, [userId, ...cols]);
}
