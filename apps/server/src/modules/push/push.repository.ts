import type { Kysely, Selectable } from 'kysely';
import type { Database, PushSubscriptionsTable } from '../../db/schema';

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

export class PushRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a browser's subscription for this person. One endpoint is one browser: when it was someone
   * else's (a shared computer, another account signed in), it moves to this person with its new keys.
   */
  async upsert(row: PushSubscriptionRow): Promise<void> {
    await this.db
      .insertInto('push_subscriptions')
      .values(row)
      .onConflict((c) =>
        c.column('endpoint').doUpdateSet({
          user_id: row.user_id,
          p256dh: row.p256dh,
          auth: row.auth,
          created_at: row.created_at,
          last_sent_at: null,
        }),
      )
      .execute();
  }

  list(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  /** Removes this person's subscription of that endpoint; false when they have none. */
  async remove(userId: string, endpoint: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** A subscription the push service says is gone (404, 410). */
  async removeById(id: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }

  async sent(id: string, at: number): Promise<void> {
    await this.db.updateTable('push_subscriptions').set({ last_sent_at: at }).where('id', '=', id).execute();
  }
}
