import { SANDBOX_DEVICE_LIKE } from '@healthfolio/core';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../../db/migrations/types';
import type { DailyRollupsTable, Database } from '../../db/schema';
import { userNo } from '../../db/user-number';

export type RollupRow = Selectable<DailyRollupsTable>;
export type RollupValues = Omit<RollupRow, 'user_no'>;
type DayTuple = [number, number, number, number | null, number | null, number | null, number | null];
export type DayTotals = Pick<
  RollupRow,
  'local_day' | 'count' | 'sum' | 'min' | 'max' | 'last_value' | 'last_at'
>;

/** The merged row of a day carries this source. */
export const MERGED = '*';

/**
 * The reads of `daily_rollups` (its writes are `write/rollup-writes.ts`'s); every one is scoped to one
 * user, by the owner's number (`users.user_no`, db/user-number.ts) found inside the query from the id.
 */
export class RollupsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Every (kind, day) on which a sandbox stream recorded: what `includeSandboxData` changes. */
  async sandboxDays(userId: string): Promise<{ kind: string; local_day: number }[]> {
    return this.db
      .selectFrom('daily_rollups')
      .select(['kind', 'local_day'])
      .distinct()
      .where('user_no', '=', userNo(userId))
      .where('source', '<>', MERGED)
      .where('device', 'like', SANDBOX_DEVICE_LIKE)
      .orderBy('kind')
      .orderBy('local_day')
      .execute();
  }

  /** Whether a sandbox stream recorded the kind on the day. */
  async hasSandboxStream(userId: string, kind: string, day: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('daily_rollups')
      .select('local_day')
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', kind)
      .where('local_day', '=', day)
      .where('source', '<>', MERGED)
      .where('device', 'like', SANDBOX_DEVICE_LIKE)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Days on which more than one stream recorded the kind: only they depend on the priority order. */
  async multiStreamDays(userId: string, kind: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('daily_rollups')
      .select('local_day')
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', kind)
      .where('source', '<>', MERGED)
      .groupBy('local_day')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .orderBy('local_day')
      .execute();
    return rows.map((r) => r.local_day);
  }

  /**
   * Rows of one source (all its devices) or the merged rows, over inclusive local days. The hot read of
   * every chart: five years are 1 826 rows, and building that many row objects in the driver costs more
   * than the query, so the database returns them as one JSON array of
   * [local_day, count, sum, min, max, last_value, last_at] that JSON.parse reads at once.
   */
  async range(
    userId: string,
    kind: string,
    source: string,
    fromDay: number,
    toDay: number,
  ): Promise<DayTotals[]> {
    const days =
      this.dialect === 'postgres'
        ? sql<unknown>`array_to_json(array_agg(array[local_day, "count", "sum", "min", "max", last_value, last_at]::float8[]))`
        : sql<unknown>`json_group_array(json_array(local_day, "count", "sum", "min", "max", last_value, last_at))`;
    const row = await this.db
      .selectFrom('daily_rollups')
      .select(days.as('days'))
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', kind)
      .where('local_day', '>=', fromDay)
      .where('local_day', '<=', toDay)
      .where('source', '=', source)
      .executeTakeFirst();
    const raw = typeof row?.days === 'string' ? (JSON.parse(row.days) as unknown) : row?.days;
    if (!Array.isArray(raw)) return [];
    return (raw as DayTuple[]).map(([local_day, count, sum, min, max, last_value, last_at]) => ({
      local_day,
      count,
      sum,
      min,
      max,
      last_value,
      last_at,
    }));
  }

  /** Every stream that ever recorded the kind. */
  async streams(userId: string, kind: string): Promise<{ source: string; device: string }[]> {
    return this.db
      .selectFrom('daily_rollups')
      .select(['source', 'device'])
      .distinct()
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', kind)
      .where('source', '<>', MERGED)
      .orderBy('source')
      .orderBy('device')
      .execute();
  }

  /** How many samples the user holds per kind (sandbox data left out unless asked for). */
  async countsByKind(
    userId: string,
    { excludeSandbox }: { excludeSandbox: boolean },
  ): Promise<{ kind: string; count: number }[]> {
    let query = this.db
      .selectFrom('daily_rollups')
      .select(['kind', (eb) => eb.fn.sum<number | string>('count').as('count')])
      .where('user_no', '=', userNo(userId))
      .where('source', '<>', MERGED);
    if (excludeSandbox) query = query.where('device', 'not like', SANDBOX_DEVICE_LIKE);
    const rows = await query.groupBy('kind').orderBy('kind').execute();
    return rows.map((r) => ({ kind: r.kind, count: Number(r.count) }));
  }

  /** The newest merged day of a kind. */
  async latestMerged(userId: string, kind: string): Promise<RollupRow | undefined> {
    return this.db
      .selectFrom('daily_rollups')
      .selectAll()
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', kind)
      .where('source', '=', MERGED)
      .orderBy('local_day', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Merged rows of every kind from a day on, for trends. */
  async mergedSince(userId: string, fromDay: number): Promise<RollupRow[]> {
    return this.db
      .selectFrom('daily_rollups')
      .selectAll()
      .where('user_no', '=', userNo(userId))
      .where('source', '=', MERGED)
      .where('local_day', '>=', fromDay)
      .execute();
  }
}
