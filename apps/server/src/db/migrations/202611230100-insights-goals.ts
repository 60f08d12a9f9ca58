import type { Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * Insights (DESIGN "Insights") and goals. An insight is keyed by its finding (`key`), so a re-run updates the
 * same row instead of adding another, and a dismissed one stays dismissed. `insight_runs` remembers when the
 * engine last ran for a user, for the daily schedule.
 */
export const insightsGoals: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('insights')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('severity', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('actionable', 'integer', (c) => c.notNull())
      .addColumn('recommendations', 'text', (c) => c.notNull())
      .addColumn('related_metrics', 'text', (c) => c.notNull())
      .addColumn('window_from', 'integer', (c) => c.notNull())
      .addColumn('window_to', 'integer', (c) => c.notNull())
      .addColumn('figures', 'text', (c) => c.notNull())
      .addColumn('series', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('dismissed_at', 'bigint')
      /** When the person was told of it (insight alert mail); null until then. */
      .addColumn('alerted_at', 'bigint')
      .addUniqueConstraint('insights_user_key', ['user_id', 'key'])
      .execute();
    await db.schema
      .createIndex('insights_user_updated')
      .on('insights')
      .columns(['user_id', 'updated_at'])
      .execute();

    await db.schema
      .createTable('goals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('target', 'double precision', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('deadline_day', 'integer')
      .addColumn('start_value', 'double precision')
      .addColumn('created_day', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      /** The last local day a reminder mail went out for this goal. */
      .addColumn('reminded_day', 'integer')
      .execute();
    await db.schema.createIndex('goals_user').on('goals').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('insight_runs')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('ran_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('insight_runs').ifExists().execute();
    await db.schema.dropTable('goals').ifExists().execute();
    await db.schema.dropTable('insights').ifExists().execute();
  },
};
