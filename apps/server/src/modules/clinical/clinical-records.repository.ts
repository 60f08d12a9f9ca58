import type { ClinicalRecordInput } from '@healthfolio/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

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
