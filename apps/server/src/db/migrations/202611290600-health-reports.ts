import type { Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * Clinician reports (issue 23): one row per report the person asked for — its period, sections, status
 * and progress while it is made, then its content (JSON, drawn by the printable page) and its PDF bytes.
 * The PDF lives in the row, not on disk, so deleting the report or the account leaves nothing behind.
 */
export const healthReports: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    await db.schema
      .createTable('health_reports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('from_day', 'text', (c) => c.notNull())
      .addColumn('to_day', 'text', (c) => c.notNull())
      .addColumn('sections', 'text', (c) => c.notNull())
      .addColumn('content', 'text')
      .addColumn('pdf', dialect === 'postgres' ? 'bytea' : 'blob')
      .addColumn('pages', 'integer')
      .addColumn('bytes', 'integer')
      .addColumn('failure', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('health_reports_user')
      .on('health_reports')
      .columns(['user_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('health_reports').execute();
  },
};
