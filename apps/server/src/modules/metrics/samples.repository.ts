import { notSandbox } from './sample-filters';
import type { Kysely, Selectable } from 'kysely';
import type { ReadArrays } from '../../db/bulk-io';
import type { Database, SamplesTable } from '../../db/schema';
import { userNo } from '../../db/user-number';
import type { MergeSample } from './merge';
import type { SampleRow } from './sample-row';
import { DAY_MS } from './time';

export type StoredSampleRow = Selectable<SamplesTable>;

/** What the priority merge needs of a sample, with its local day: read as the merge takes it, uncopied. */
export interface DaySample extends MergeSample {
  local_day: number;
}

/** forDays' columns, in their select order. */
type DaySampleColumns = [number, number, number, string, string | null, number];

/** A local day's samples start at most 14 h (UTC offset) plus 24 h (a night's sleep) before the day. */
const DAY_MARGIN_MS = 2 * DAY_MS;

/** Queries on `samples`; every one is scoped to one user. */
export class SamplesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** Reads large results as arrays (SQLite, inside a transaction): see `SampleBulkIO.arrays`. */
    private readonly arrays?: ReadArrays,
  ) {}

  /** Samples of the given local days, found through the (user, kind, start) index. */
  async forDays(
    userId: string,
    kind: string,
    days: readonly number[],
    source?: string,
  ): Promise<DaySample[]> {
    if (days.length === 0) return [];
    const lo = Math.min(...days) * DAY_MS - DAY_MARGIN_MS;
    const hi = (Math.max(...days) + 1) * DAY_MS + DAY_MARGIN_MS;
    let query = this.db
      .selectFrom('samples')
      .select(['start_at as start', 'end_at as end', 'value', 'source', 'device', 'local_day'])
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', kind)
      .where('start_at', '>=', lo)
      .where('start_at', '<', hi)
      .where('local_day', 'in', [...days]);
    if (source !== undefined) query = query.where('source', '=', source);
    query = query.orderBy('start_at');
    if (!this.arrays) return query.execute();
    const compiled = query.compile();
    return this.arrays(compiled.sql, compiled.parameters).map((row) => {
      const [start, end, value, source, device, local_day] = row as DaySampleColumns;
      return { start, end, value, source, device, local_day };
    });
  }

  /** One page of raw samples in time order, after a (start, id) keyset position. */
  async page(
    userId: string,
    kind: string,
    range: { from: number; to: number },
    options: { source?: string; after?: { start: number; id: number }; limit: number },
  ): Promise<StoredSampleRow[]> {
    let query = this.db
      .selectFrom('samples')
      .selectAll()
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', kind)
      .where('start_at', '>=', range.from)
      .where('start_at', '<', range.to);
    if (options.source !== undefined) query = query.where('source', '=', options.source);
    const after = options.after;
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('start_at', '>', after.start),
          eb.and([eb('start_at', '=', after.start), eb('id', '>', after.id)]),
        ]),
      );
    }
    return query.orderBy('start_at').orderBy('id').limit(options.limit).execute();
  }

  /** Every sample of a kind whose start lies in [from, to], for pairing blood pressure components. */
  async between(
    userId: string,
    kind: string,
    from: number,
    to: number,
    source?: string,
  ): Promise<StoredSampleRow[]> {
    let query = this.db
      .selectFrom('samples')
      .selectAll()
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', kind)
      .where('start_at', '>=', from)
      .where('start_at', '<=', to);
    if (source !== undefined) query = query.where('source', '=', source);
    return query.orderBy('start_at').orderBy('id').execute();
  }

  /** The newest sample of a kind; with `excludeSandbox`, the newest one not from a sandbox connection. */
  async latest(
    userId: string,
    kind: string,
    { excludeSandbox = false }: { excludeSandbox?: boolean } = {},
  ): Promise<StoredSampleRow | undefined> {
    let query = this.db
      .selectFrom('samples')
      .selectAll()
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', kind);
    if (excludeSandbox) {
      query = query.where(notSandbox);
    }
    return query.orderBy('start_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  }

  async byId(userId: string, id: number): Promise<StoredSampleRow | undefined> {
    return this.db
      .selectFrom('samples')
      .selectAll()
      .where('id', '=', id)
      .where('user_no', '=', userNo(userId))
      .executeTakeFirst();
  }

  /** The other half of a blood pressure reading: same source, origin and start. */
  async partner(userId: string, kind: string, of: StoredSampleRow): Promise<StoredSampleRow | undefined> {
    return this.db
      .selectFrom('samples')
      .selectAll()
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', kind)
      .where('start_at', '=', of.start_at)
      .where('source', '=', of.source)
      .where('origin_id', '=', of.origin_id)
      .executeTakeFirst();
  }

  async insertOne(userId: string, row: SampleRow): Promise<StoredSampleRow> {
    return this.db
      .insertInto('samples')
      .values({ ...row, user_no: userNo(userId) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(userId: string, id: number, row: SampleRow): Promise<StoredSampleRow | undefined> {
    return this.db
      .updateTable('samples')
      .set(row)
      .where('id', '=', id)
      .where('user_no', '=', userNo(userId))
      .returningAll()
      .executeTakeFirst();
  }

  async delete(userId: string, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('samples')
      .where('user_no', '=', userNo(userId))
      .where('id', 'in', [...ids])
      .execute();
  }
}
