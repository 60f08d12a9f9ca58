import type { Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * Web Push (issue 22): one row per browser a person turned push notifications on in. The endpoint is the
 * push service's URL for that browser (unique: a browser signed in as someone else moves to them); the
 * keys encrypt each message to it (RFC 8291). A push service's 404 or 410 removes the row.
 */
export const pushSubscriptions: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_sent_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('push_subscriptions_user')
      .on('push_subscriptions')
      .column('user_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('push_subscriptions').execute();
  },
};
