import type { Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * Webhooks (issue 27).
 * - `webhooks`: a person's outgoing endpoints: https URL, the events it takes (JSON string[]), whether
 *   `samples.created` carries values, its Standard Webhooks secret sealed like provider tokens, and
 *   `failing_since` (the first failure in a row; after 24 h of them the webhook is disabled).
 * - `webhook_deliveries`: one message to one webhook, its attempts and when the next one is due, so a
 *   restart goes on where the last process stopped.
 * - `source_connections.provider_user_id`: the person's id at the provider (Strava's athlete id), which
 *   a provider's push names; `provider_subscriptions`: the app-level push subscriptions this server made.
 * - `goals.achieved_period`: the period whose reaching `goal.achieved` already announced.
 */
export const webhooks: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhooks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('include_values', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('failing_since', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhooks_user').on('webhooks').column('user_id').execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('next_attempt_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_webhook')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'created_at'])
      .execute();

    await db.schema.alterTable('source_connections').addColumn('provider_user_id', 'text').execute();
    await db.schema
      .createIndex('source_connections_provider_user')
      .on('source_connections')
      .columns(['kind', 'provider_user_id'])
      .execute();
    await db.schema
      .createTable('provider_subscriptions')
      .addColumn('kind', 'text', (c) => c.primaryKey())
      .addColumn('subscription_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('goals').addColumn('achieved_period', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('goals').dropColumn('achieved_period').execute();
    await db.schema.dropTable('provider_subscriptions').ifExists().execute();
    await db.schema.dropIndex('source_connections_provider_user').ifExists().execute();
    await db.schema.alterTable('source_connections').dropColumn('provider_user_id').execute();
    await db.schema.dropTable('webhook_deliveries').ifExists().execute();
    await db.schema.dropTable('webhooks').ifExists().execute();
  },
};
