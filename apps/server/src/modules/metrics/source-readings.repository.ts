import type { Kysely } from 'kysely';
import { userNo } from '../../db/user-number';
import type { Database } from '../../db/schema';
import { parseMeta } from './sample-item';
import type { SampleMeta } from './sample-row';

/** One stored sample of one source, as a provider's own endpoint shows it. */
export interface SourceReading {
  startAt: number;
  endAt: number;
  utcOffsetMin: number;
  localDay: number;
  value: number;
  unit: string;
  originId: string;
  meta: SampleMeta;
}

export interface SourceReadingsQuery {
  kind: string;
  source: string;
  /** Epoch ms: readings that start after `after` (exclusive) and at or before `until` (inclusive). */
  after?: number;
  until?: number;
  limit?: number;
}

/**
 * One source's own readings of one kind, newest first: what SPEC §7's provider endpoints (Strava
 * activities, Peloton workouts, Dexcom readings) show of what that provider's syncs and files stored.
 * The samples table is read in this module only.
 */
export class SourceReadingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(userId: string, query: SourceReadingsQuery): Promise<SourceReading[]> {
    let select = this.db
      .selectFrom('samples')
      .select(['start_at', 'end_at', 'utc_offset_min', 'local_day', 'value', 'unit', 'origin_id', 'meta'])
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', query.kind)
      .where('source', '=', query.source);
    if (query.after !== undefined) select = select.where('start_at', '>', query.after);
    if (query.until !== undefined) select = select.where('start_at', '<=', query.until);
    select = select.orderBy('start_at', 'desc');
    if (query.limit !== undefined) select = select.limit(query.limit);
    const rows = await select.execute();
    return rows.map((row) => ({
      startAt: Number(row.start_at),
      endAt: Number(row.end_at),
      utcOffsetMin: Number(row.utc_offset_min),
      localDay: Number(row.local_day),
      value: Number(row.value),
      unit: row.unit,
      originId: row.origin_id,
      meta: parseMeta(row.meta),
    }));
  }
}
