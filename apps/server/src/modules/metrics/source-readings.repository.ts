import type { SampleItem } from '@healthfolio/core';
import type { Kysely } from 'kysely';
import { userNo } from '../../db/user-number';
import type { Database } from '../../db/schema';
import { parseMeta, toSampleItem } from './sample-item';
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
 * One source's own readings: of one kind, newest first — what SPEC §7's provider endpoints (Strava
 * activities, Peloton workouts, Dexcom readings) show of what that provider's syncs and files stored —
 * and the newest of each of some kinds (the clinical view's labs and vitals per source).
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

  /** The newest sample of each of `kinds` that `source` wrote for the person (a clinic's latest labs, vitals). */
  async latestOfKinds(userId: string, source: string, kinds: readonly string[]): Promise<SampleItem[]> {
    if (kinds.length === 0) return [];
    const latest = this.db
      .selectFrom('samples')
      .select(['kind', (eb) => eb.fn.max('start_at').as('last_start')])
      .where('user_no', '=', userNo(userId))
      .where('source', '=', source)
      .where('kind', 'in', kinds)
      .groupBy('kind');
    const rows = await this.db
      .selectFrom('samples as s')
      .innerJoin(latest.as('l'), (join) =>
        join.onRef('l.kind', '=', 's.kind').onRef('l.last_start', '=', 's.start_at'),
      )
      .selectAll('s')
      .where('s.user_no', '=', userNo(userId))
      .where('s.source', '=', source)
      .orderBy('s.kind')
      .orderBy('s.id', 'desc')
      .execute();
    // Two results at the same instant: the one written last.
    const seen = new Set<string>();
    return rows.filter((r) => !seen.has(r.kind) && seen.add(r.kind)).map((r) => toSampleItem(r));
  }
}
