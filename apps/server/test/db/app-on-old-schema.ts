import type { Kysely } from 'kysely';
import { holdingMigrationsLock, type Db } from '../../src/db/database';
import { rollupsOwnerNumber } from '../../src/db/migrations/202612020200-rollups-owner-number';

/**
 * For a migration test that writes its data through today's code (SampleStore, the rollup maintainer, the
 * repositories) on a database migrated only up to an older migration: today's code keys `daily_rollups`
 * by the owner's number (migration 202612020200), so that migration is applied around `run` and taken back
 * after it, leaving the rollups keyed by id as a database of that time had them, for the migrations under
 * test to meet. Only for a database migrated past 202611260100 (users have numbers) and not yet 202612020200.
 */
export async function withTodaysRollups<T>(db: Db, run: () => Promise<T>): Promise<T> {
  const raw = db.kysely as unknown as Kysely<unknown>;
  // Its DDL takes the migrations' lock as a migration does: other test files list every schema's columns.
  await holdingMigrationsLock(db, () => rollupsOwnerNumber.up(raw, db.dialect));
  try {
    return await run();
  } finally {
    await holdingMigrationsLock(db, () => rollupsOwnerNumber.down(raw, db.dialect));
  }
}
