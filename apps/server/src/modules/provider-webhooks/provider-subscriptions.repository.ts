import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The app-level push subscriptions this server made at providers, by key (`strava`, `strava:sandbox`). */
export class ProviderSubscriptionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('provider_subscriptions')
      .select('subscription_id')
      .where('kind', '=', key)
      .executeTakeFirst();
    return row?.subscription_id;
  }

  /** The subscription and when it was made or last renewed. */
  async row(key: string): Promise<{ subscriptionId: string; at: number } | undefined> {
    const row = await this.db
      .selectFrom('provider_subscriptions')
      .select(['subscription_id', 'created_at'])
      .where('kind', '=', key)
      .executeTakeFirst();
    return row && { subscriptionId: row.subscription_id, at: Number(row.created_at) };
  }

  async save(key: string, subscriptionId: string, at: number): Promise<void> {
    await this.db
      .insertInto('provider_subscriptions')
      .values({ kind: key, subscription_id: subscriptionId, created_at: at })
      .onConflict((oc) => oc.column('kind').doUpdateSet({ subscription_id: subscriptionId, created_at: at }))
      .execute();
  }

  async remove(key: string): Promise<void> {
    await this.db.deleteFrom('provider_subscriptions').where('kind', '=', key).execute();
  }

  /** Connections of a kind whose person the provider names `providerUserId` (one per sandbox flag). */
  async connectionsOf(kind: string, providerUserId: string, sandbox: boolean) {
    return this.db
      .selectFrom('source_connections')
      .selectAll()
      .where('kind', '=', kind)
      .where('provider_user_id', '=', providerUserId)
      .where('sandbox', '=', sandbox ? 1 : 0)
      .where('status', '!=', 'disconnected')
      .execute();
  }

  /** Connected connections of a kind whose person at the provider is not known yet. */
  async unidentified(kind: string, sandbox: boolean) {
    return this.db
      .selectFrom('source_connections')
      .selectAll()
      .where('kind', '=', kind)
      .where('provider_user_id', 'is', null)
      .where('sandbox', '=', sandbox ? 1 : 0)
      .where('status', '!=', 'disconnected')
      .where('tokens', 'is not', null)
      .execute();
  }

  /** Whether any connection of the kind (real or sandbox) is still connected. */
  async anyConnected(kind: string, sandbox: boolean): Promise<boolean> {
    const row = await this.db
      .selectFrom('source_connections')
      .select('id')
      .where('kind', '=', kind)
      .where('sandbox', '=', sandbox ? 1 : 0)
      .where('status', '!=', 'disconnected')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
