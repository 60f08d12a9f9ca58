import type { Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * Every reading a sync maps accounted for (issue 21): `sync_runs.duplicates` and `rejected` beside
 * inserted and updated, and `problems` (JSON string[]: the first reasons readings were refused), so a
 * sync never drops a reading without a word.
 */
export const syncAccounting: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sync_runs')
      .addColumn('duplicates', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('sync_runs')
      .addColumn('rejected', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('sync_runs')
      .addColumn('problems', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['duplicates', 'rejected', 'problems']) {
      await db.schema.alterTable('sync_runs').dropColumn(column).execute();
    }
  },
};
