import type { ClinicalRecordInput } from '@healthfolio/core';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ClinicalRecordsTable, Database } from '../../db/schema';

/** Rows per INSERT statement: 11 parameters each stays under SQLite's 32 766. */
const CHUNK = 500;

/**
 * The clinical view's rows. `upsert` runs inside the caller's transaction (a sync page or an import
 * batch), so records are written with the samples of the same page or not at all; a re-sync of the
 * same resource updates its row instead of adding one.
 */
export async function upsertClinicalRecords(
  db: Kysely<Database>,
  userId: string,
  records: readonly ClinicalRecordInput[],
  now: number,
): Promise<number> {
  // One statement may not name the same key twice (PostgreSQL): the last of a page's duplicates wins.
  const unique = new Map<string, ClinicalRecordInput>();
  for (const r of records) unique.set(`${r.source}\u0000${r.resourceType}\u0000${r.originId}`, r);
  const rows = [...unique.values()].map((r) => ({
    user_id: userId,
    source: r.source,
    resource_type: r.resourceType,
    origin_id: r.originId,
    category: r.category,
    recorded_at: r.recordedAt,
    ended_at: r.endedAt,
    display: r.display,
    status: r.status,
    detail: JSON.stringify(r.detail),
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('clinical_records')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['user_id', 'source', 'resource_type', 'origin_id']).doUpdateSet((eb) => ({
          category: eb.ref('excluded.category'),
          recorded_at: eb.ref('excluded.recorded_at'),
          ended_at: eb.ref('excluded.ended_at'),
          display: eb.ref('excluded.display'),
          status: eb.ref('excluded.status'),
          detail: eb.ref('excluded.detail'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  return rows.length;
}

export type ClinicalRecordRow = Selectable<ClinicalRecordsTable>;

/** The sort key of records without a date: after every dated one, newest first. */
export const NO_DATE = -8_640_000_000_000_000;
const sortKey = sql<number>`coalesce(recorded_at, ${sql.lit(NO_DATE)})`;

export interface RecordFilter {
  category?: string;
  source?: string;
}

/** Reads the clinical view's rows: always for one user (a request's owner). */
export class ClinicalRecordsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Newest first (undated last), after the keyset position `after` of the previous page. */
  async page(
    userId: string,
    filter: RecordFilter,
    options: { limit: number; after?: { key: number; id: number } },
  ): Promise<(ClinicalRecordRow & { sort_key: number })[]> {
    let query = this.db
      .selectFrom('clinical_records')
      .selectAll()
      .select(sortKey.as('sort_key'))
      .where('user_id', '=', userId);
    if (filter.category !== undefined) query = query.where('category', '=', filter.category);
    if (filter.source !== undefined) query = query.where('source', '=', filter.source);
    const after = options.after;
    if (after) {
      query = query.where((eb) =>
        eb.or([eb(sortKey, '<', after.key), eb.and([eb(sortKey, '=', after.key), eb('id', '<', after.id)])]),
      );
    }
    const rows = await query.orderBy(sortKey, 'desc').orderBy('id', 'desc').limit(options.limit).execute();
    return rows.map((r) => ({ ...r, sort_key: Number(r.sort_key) }));
  }

  /** How many records each (category, source) pair holds. */
  async counts(
    userId: string,
    filter: RecordFilter = {},
  ): Promise<{ category: string; source: string; count: number }[]> {
    let query = this.db
      .selectFrom('clinical_records')
      .select(['category', 'source', (eb) => eb.fn.countAll<number>().as('count')])
      .where('user_id', '=', userId);
    if (filter.source !== undefined) query = query.where('source', '=', filter.source);
    const rows = await query.groupBy(['category', 'source']).execute();
    return rows.map((r) => ({ category: r.category, source: r.source, count: Number(r.count) }));
  }

  /** Deletes every record one source wrote (a disconnect that deletes its data). */
  async deleteSource(userId: string, source: string): Promise<number> {
    const result = await this.db
      .deleteFrom('clinical_records')
      .where('user_id', '=', userId)
      .where('source', '=', source)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** A page of the user's records in id order, for the account export. */
  exportPage(userId: string, afterId: number, limit: number): Promise<ClinicalRecordRow[]> {
    return this.db
      .selectFrom('clinical_records')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '>', afterId)
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  }
}
