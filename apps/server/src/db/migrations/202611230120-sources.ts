import type { Kysely } from 'kysely';
import { autoIdColumn, autoIdType, type AppMigration } from './types';

/**
 * Connected sources (DESIGN "Sources"). A connection holds the provider's tokens sealed with the server's
 * key (never answered by any endpoint), the sync cursor, and the state the Sources page shows. OAuth
 * `state`s are single use, bound to the user who asked, and expire; only their hash is stored.
 * `sync_payloads` keeps the raw pages of recent syncs (bounded per connection) for replays.
 */
export const sources: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    await db.schema
      .createTable('source_connections')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('sandbox', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('tokens', 'text')
      .addColumn('cursor', 'text')
      .addColumn('sync_state', 'text', (c) => c.notNull().defaultTo('idle'))
      .addColumn('sync_from', 'bigint')
      .addColumn('sync_to', 'bigint')
      .addColumn('sync_started_at', 'bigint')
      .addColumn('sync_finished_at', 'bigint')
      .addColumn('sync_pages', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sync_samples', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_sync_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('syncs_run', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_sync_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('source_connections_user_kind', ['user_id', 'kind'])
      .execute();
    await db.schema
      .createIndex('source_connections_due')
      .on('source_connections')
      .column('next_sync_at')
      .execute();

    await db.schema
      .createTable('oauth_states')
      .addColumn('state_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('sandbox', 'integer', (c) => c.notNull())
      .addColumn('code_verifier', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();

    await db.schema
      .createTable('sync_payloads')
      .addColumn('id', autoIdType(dialect), autoIdColumn(dialect))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('connection_id', 'text', (c) =>
        c.notNull().references('source_connections.id').onDelete('cascade'),
      )
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('fetched_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sync_payloads_connection')
      .on('sync_payloads')
      .columns(['connection_id', 'id'])
      .execute();

    await db.schema
      .createTable('sync_runs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('connection_id', 'text', (c) =>
        c.notNull().references('source_connections.id').onDelete('cascade'),
      )
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('samples', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('inserted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('sync_runs_connection')
      .on('sync_runs')
      .columns(['connection_id', 'started_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['sync_runs', 'sync_payloads', 'oauth_states', 'source_connections']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
