import type { Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * Identity additions: the sealed successor of a rotated refresh token (so a second tab presenting the
 * old token within the grace window receives the same successor instead of forking the family), and
 * the source kinds a user picked in onboarding.
 */
export const identity: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('refresh_tokens').addColumn('successor_sealed', 'text').execute();

    await db.schema
      .createTable('user_data_sources')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_data_sources_pk', ['user_id', 'kind'])
      .execute();

    await db.schema.createIndex('action_codes_user').on('action_codes').column('user_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('action_codes_user').ifExists().execute();
    await db.schema.dropTable('user_data_sources').ifExists().execute();
    await db.schema.alterTable('refresh_tokens').dropColumn('successor_sealed').execute();
  },
};
