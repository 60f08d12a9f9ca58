import type { Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * Personal access tokens (issue #27): bearer credentials for the public API and the MCP server.
 * Only the token's SHA-256 is stored. `scopes` is a space-separated list (as in OAuth). The rate
 * limit's counter lives on the row (`rate_window`, the minute it counts; `rate_count`), so every
 * instance behind a load balancer shares it and a use costs one UPDATE.
 */
export const apiTokens: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('api_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('hint', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint')
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .addColumn('rate_window', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('rate_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('api_tokens_user').on('api_tokens').columns(['user_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('api_tokens').ifExists().execute();
  },
};
