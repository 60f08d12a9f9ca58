import type { Kysely } from 'kysely';
import { autoIdColumn, autoIdType, type AppMigration } from './types';

/**
 * Clinical records and the remaining sources (issue 8).
 * - `source_connections.settings` / `oauth_states.settings`: a connection's own JSON settings that are not
 *   secret (the SMART endpoint an `ehr` connection chose, a custom source's name, a feed's URL); secrets
 *   stay in the sealed `tokens`.
 * - `clinical_records`: the readable clinical view (conditions, procedures, medications, immunizations,
 *   allergies, encounters), one row per FHIR resource, upserted by (user, source, type, origin id).
 * - `ingest_tokens`: personal ingest URLs that on-device exporters (Apple Health, Health Connect) post
 *   to; only the token's hash is stored, and a revoked token answers 401 for ever.
 */
export const clinicalIngest: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    await db.schema.alterTable('source_connections').addColumn('settings', 'text').execute();
    await db.schema.alterTable('oauth_states').addColumn('settings', 'text').execute();

    await db.schema
      .createTable('clinical_records')
      .addColumn('id', autoIdType(dialect), autoIdColumn(dialect))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('resource_type', 'text', (c) => c.notNull())
      .addColumn('origin_id', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('recorded_at', 'bigint')
      .addColumn('ended_at', 'bigint')
      .addColumn('display', 'text', (c) => c.notNull())
      .addColumn('status', 'text')
      .addColumn('detail', 'text')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('clinical_records_origin', ['user_id', 'source', 'resource_type', 'origin_id'])
      .execute();
    await db.schema
      .createIndex('clinical_records_user_category')
      .on('clinical_records')
      .columns(['user_id', 'category', 'recorded_at'])
      .execute();

    await db.schema
      .createTable('ingest_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('hint', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .addColumn('received', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('ingest_tokens_user')
      .on('ingest_tokens')
      .columns(['user_id', 'kind'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('ingest_tokens').ifExists().execute();
    await db.schema.dropTable('clinical_records').ifExists().execute();
    await db.schema.alterTable('oauth_states').dropColumn('settings').execute();
    await db.schema.alterTable('source_connections').dropColumn('settings').execute();
  },
};
