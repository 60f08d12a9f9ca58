import type { Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * Import jobs (DESIGN "Sources"). `samples_done` is the resume cursor: how many of the importer's samples,
 * in its fixed order, are already written. It moves in the same transaction as the rows it counts, so a
 * restarted import skips exactly what it wrote and its counts stay those of one uninterrupted run.
 */
export const imports: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('imports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('format', 'text')
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('file_path', 'text')
      .addColumn('bytes_total', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('bytes_read', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('records_read', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('samples_done', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('inserted', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('duplicates', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('rejected', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('pending_merges', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('failure', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema.createIndex('imports_user').on('imports').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('imports_status').on('imports').column('status').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('imports').ifExists().execute();
  },
};
