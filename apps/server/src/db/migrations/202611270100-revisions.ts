import type { Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * Every reading accounted for, and revisions (issue 21).
 * - `imports.updated`: samples a newer copy replaced (another value for a stored identity);
 *   `imports.skipped` and `skipped_types` (JSON `[{type, count, reason}]`): readings deliberately not
 *   kept, by type, so `records_read = inserted + updated + duplicates + rejected + skipped`.
 * - `sync_runs.updated` / `deleted`: revisions a sync wrote, and samples it removed because the provider
 *   deleted them or no longer answers them in a window it fetched again.
 */
export const revisions: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('imports')
      .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('imports')
      .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('imports')
      .addColumn('skipped_types', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('sync_runs')
      .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('sync_runs')
      .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['updated', 'skipped', 'skipped_types']) {
      await db.schema.alterTable('imports').dropColumn(column).execute();
    }
    for (const column of ['updated', 'deleted']) {
      await db.schema.alterTable('sync_runs').dropColumn(column).execute();
    }
  },
};
