import { SANDBOX_DEVICE_LIKE } from '@healthfolio/core';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { ReadArrays } from '../../../db/bulk-io';
import { letOthersIn } from '../../../db/slices';
import type { Dialect } from '../../../db/migrations/types';
import type { Database } from '../../../db/schema';
import { userNo } from '../../../db/user-number';
import { MERGED, type RollupValues } from '../rollups.repository';

/** What streamsOfDays reads of a stream row: enough to tell whether an import's held samples make it up. */
export interface StreamTotalsRow {
  local_day: number;
  source: string;
  device: string;
  count: number;
  sum: number;
}
type StreamTotalsTuple = [number, string, string, number, number];

/**
 * Rows or days per statement. SQLite: its parameter limit is far above 500, which keeps IN lists and
 * multi-row upserts modest. PostgreSQL binds one array per column, or per list of days, whatever its
 * length, so a statement takes a whole batch's: 500 at a time, a 1 M-Record import sent ~100 upserts
 * and ~300 statements with a list of 500 days, every one parsed, planned and owner-checked
 * (`addOwnerChecks`) anew (the metrics README).
 */
const CHUNK: Record<Dialect, number> = { sqlite: 500, postgres: 50_000 };

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** `local_day` is one of `days`: a list of parameters on SQLite, one array parameter on PostgreSQL. */
function dayIn(dialect: Dialect, days: readonly number[]) {
  return dialect === 'postgres'
    ? sql<boolean>`local_day = any(${days}::int4[])`
    : sql<boolean>`local_day in (${sql.join(days)})`;
}

/** Adding to a stream row (counts and sums add up, min/max/last widen), or replacing a row. */
type UpsertMode = 'add' | 'replace';

/**
 * A rollup row's columns in the order the upserts bind them — its key (the table's primary key: the owner,
 * then the stream day), then its values — each with its PostgreSQL type (the arrays of the PostgreSQL
 * upsert). The owner is bound once; every other column comes from the row's own field of that name.
 */
const ROW_COLUMNS = [
  ['user_no', 'int4'],
  ['kind', 'text'],
  ['local_day', 'int4'],
  ['source', 'text'],
  ['device', 'text'],
  ['count', 'int4'],
  ['sum', 'float8'],
  ['min', 'float8'],
  ['max', 'float8'],
  ['last_value', 'float8'],
  ['last_at', 'int8'],
] as const;
const KEY_LENGTH = 5;
export const UPSERT_COLUMNS = ROW_COLUMNS.map(([column]) => column);
const KEY_COLUMNS = UPSERT_COLUMNS.slice(0, KEY_LENGTH);
const VALUE_COLUMNS = UPSERT_COLUMNS.slice(KEY_LENGTH);
/** The columns after the owner, which the PostgreSQL upsert takes as one array each. */
const ARRAY_COLUMNS = ROW_COLUMNS.slice(1) as readonly (readonly [keyof RollupValues, string])[];

const upsertTexts = new Map<string, string>();

/**
 * The upsert of `rows` rows. SQLite: a row of `?` per row. PostgreSQL: one text for every size, the owner
 * and one array per column (`unnest`) — a VALUES list of 5 500 parameters was parsed and bound anew per
 * call, ~0.7 s of the server's time in a 1 M-Record import.
 */
function upsertText(dialect: Dialect, mode: UpsertMode, rows: number): string {
  const key = dialect === 'postgres' ? `${dialect} ${mode}` : `${dialect} ${mode} ${rows}`;
  let text = upsertTexts.get(key);
  if (!text) {
    let values: string;
    if (dialect === 'postgres') {
      const arrays = ARRAY_COLUMNS.map(([, type], i) => `$${i + 2}::${type}[]`);
      values = `select $1::int4, s.* from unnest(${arrays.join(', ')}) as s`;
    } else {
      const row = `(${UPSERT_COLUMNS.map(() => '?').join(',')})`;
      values = `values ${Array.from({ length: rows }, () => row).join(',')}`;
    }
    text =
      `insert into daily_rollups (${UPSERT_COLUMNS.map((c) => `"${c}"`).join(', ')}) ${values} ` +
      `on conflict (${KEY_COLUMNS.join(', ')}) do update set ${setClauses(dialect, mode)}`;
    upsertTexts.set(key, text);
  }
  return text;
}

function setClauses(dialect: Dialect, mode: UpsertMode): string {
  const [least, greatest] = dialect === 'postgres' ? ['least', 'greatest'] : ['min', 'max'];
  const clauses =
    mode === 'add'
      ? [
          '"count" = daily_rollups."count" + excluded."count"',
          '"sum" = daily_rollups."sum" + excluded."sum"',
          `"min" = ${least}(daily_rollups."min", excluded."min")`,
          `"max" = ${greatest}(daily_rollups."max", excluded."max")`,
          'last_value = case when excluded.last_at >= daily_rollups.last_at then excluded.last_value ' +
            'else daily_rollups.last_value end',
          `last_at = ${greatest}(daily_rollups.last_at, excluded.last_at)`,
        ]
      : VALUE_COLUMNS.map((column) => `"${column}" = excluded."${column}"`);
  return clauses.join(', ');
}

/**
 * The writes of `daily_rollups` (RollupMaintainer's, inside a sample write's transaction), and the reads
 * they depend on; the screens' reads are RollupsRepository's. Rows are keyed by the owner's number
 * (`users.user_no`, db/user-number.ts): the upserts take it as found by the writer's transaction, every
 * other query takes the user's id and finds the number inside itself.
 */
export class RollupWrites {
  /** Rows or days per statement on this database (`CHUNK`). */
  private readonly chunk: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    /** Reads large results as arrays (SQLite, inside a transaction): see `SampleBulkIO.arrays`. */
    private readonly arrays?: ReadArrays,
  ) {
    this.chunk = CHUNK[dialect];
  }

  /**
   * Adds newly inserted samples to their stream rows (count and sum add up, min/max/last widen) of the
   * user numbered `owner`.
   */
  async addToStreams(owner: number, rows: readonly RollupValues[]): Promise<void> {
    for (const part of chunks(rows, this.chunk)) {
      await letOthersIn();
      await this.upsert('add', owner, part);
    }
  }

  /**
   * Writes rows of the user numbered `owner` as they are, replacing any row with the same key (merged
   * rows, recomputed days).
   */
  async put(owner: number, rows: readonly RollupValues[]): Promise<void> {
    for (const part of chunks(rows, this.chunk)) {
      await letOthersIn();
      await this.upsert('replace', owner, part);
    }
  }

  /**
   * Every import batch upserts its days' rows, so the statement is written out once per size instead
   * of built by Kysely's query builder per call (as `sample-insert.ts` does for samples).
   */
  private async upsert(mode: UpsertMode, owner: number, rows: readonly RollupValues[]): Promise<void> {
    const text = upsertText(this.dialect, mode, rows.length);
    if (this.dialect === 'postgres') {
      const params = [owner, ...ARRAY_COLUMNS.map(([column]) => rows.map((r) => r[column]))];
      await this.db.executeQuery(CompiledQuery.raw(text, params));
      return;
    }
    // SQLite: one parameter per cell, in ROW_COLUMNS' order, written out (this loop runs per rollup row).
    const params: unknown[] = new Array(rows.length * UPSERT_COLUMNS.length);
    let p = 0;
    for (const r of rows) {
      params[p++] = owner;
      params[p++] = r.kind;
      params[p++] = r.local_day;
      params[p++] = r.source;
      params[p++] = r.device;
      params[p++] = r.count;
      params[p++] = r.sum;
      params[p++] = r.min;
      params[p++] = r.max;
      params[p++] = r.last_value;
      params[p++] = r.last_at;
    }
    await this.db.executeQuery(CompiledQuery.raw(text, params));
  }

  /** Removes every row (streams and merged) of the given days, or only the merged ones. */
  async deleteDays(userId: string, kind: string, days: readonly number[], onlyMerged = false): Promise<void> {
    for (const part of chunks(days, this.chunk)) {
      let query = this.db
        .deleteFrom('daily_rollups')
        .where('user_no', '=', userNo(userId))
        .where('kind', '=', kind)
        .where(dayIn(this.dialect, part));
      if (onlyMerged) query = query.where('source', '=', MERGED);
      await query.execute();
    }
  }

  /**
   * Count and sum of each stream row (not merged) of the given days. An import asks at the end of each
   * kind's run: read as arrays where the transaction allows (SQLite), the objects built from them cost
   * half as much as the driver's.
   */
  async streamsOfDays(userId: string, kind: string, days: readonly number[]): Promise<StreamTotalsRow[]> {
    const out: StreamTotalsRow[] = [];
    for (const part of chunks(days, this.chunk)) {
      const query = this.db
        .selectFrom('daily_rollups')
        .select(['local_day', 'source', 'device', 'count', 'sum'])
        .where('user_no', '=', userNo(userId))
        .where('kind', '=', kind)
        .where(dayIn(this.dialect, part))
        .where('source', '<>', MERGED);
      if (!this.arrays) {
        out.push(...(await query.execute()));
        continue;
      }
      const compiled = query.compile();
      for (const row of this.arrays(compiled.sql, compiled.parameters)) {
        const [local_day, source, device, count, sum] = row as StreamTotalsTuple;
        out.push({ local_day, source, device, count, sum });
      }
    }
    return out;
  }

  /**
   * Of the given days, copies each one-stream day's stream row to its merged row, in the database (no row
   * crosses to JavaScript: every import batch does this for its days), and answers the days with several
   * streams, whose merged rows need the priority merge. `max` of a group of one row is that row's value.
   *
   * With `excludeSandbox` a sandbox stream row (sample-paths.ts) is not there for the merged row: a day
   * whose one other stream is real copies that one, and a day of sandbox streams alone has no merged row.
   */
  async copySingleStreams(
    userId: string,
    kind: string,
    days: readonly number[],
    { excludeSandbox }: { excludeSandbox: boolean },
  ): Promise<number[]> {
    const several: number[] = [];
    for (const part of chunks(days, this.chunk)) {
      const scope = sql`user_no = ${userNo(userId)} and kind = ${kind} and ${dayIn(this.dialect, part)}
        and source <> ${MERGED}`;
      const counted = excludeSandbox ? sql`${scope} and device not like ${SANDBOX_DEVICE_LIKE}` : scope;
      await sql`insert into daily_rollups (${sql.raw(UPSERT_COLUMNS.map((c) => `"${c}"`).join(', '))})
        select user_no, kind, local_day, ${MERGED}, '', max("count"), max("sum"), max("min"), max("max"),
          max(last_value), max(last_at)
        from daily_rollups where ${counted}
        group by user_no, kind, local_day having count(*) = 1
        on conflict (${sql.raw(KEY_COLUMNS.join(', '))}) do update set ${sql.raw(setClauses(this.dialect, 'replace'))}`.execute(
        this.db,
      );
      // Per day, its streams that count: several need the merge; none (sandbox alone) leave no merged row.
      const real = excludeSandbox
        ? sql<number>`sum(case when device like ${SANDBOX_DEVICE_LIKE} then 0 else 1 end)`
        : sql<number>`count(*)`;
      const rows = await sql<{ local_day: number; counting: number | string }>`select local_day,
          ${real} as counting
        from daily_rollups where ${scope}
        group by local_day having count(*) > 1 or ${real} = 0`.execute(this.db);
      const none: number[] = [];
      for (const row of rows.rows) {
        if (Number(row.counting) > 1) several.push(Number(row.local_day));
        else if (Number(row.counting) === 0) none.push(Number(row.local_day));
      }
      if (none.length > 0) await this.deleteDays(userId, kind, none, true);
    }
    return several;
  }
}
