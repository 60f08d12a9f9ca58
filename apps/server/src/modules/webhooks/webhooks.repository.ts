import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from '../../db/schema';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** Deliveries listed per webhook, newest first. */
export const DELIVERY_LOG_LIMIT = 50;

/** Queries on webhooks and their deliveries; every read by id is scoped to its owner. */
export class WebhooksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: WebhookRow): Promise<void> {
    await this.db.insertInto('webhooks').values(row).execute();
  }

  async list(userId: string): Promise<WebhookRow[]> {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async get(userId: string, id: string): Promise<WebhookRow | undefined> {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async byId(id: string): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The person's active webhooks (event filtering is done by the caller on the JSON list). */
  async active(userId: string): Promise<WebhookRow[]> {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .execute();
  }

  async update(id: string, values: Updateable<WebhooksTable>): Promise<void> {
    await this.db.updateTable('webhooks').set(values).where('id', '=', id).execute();
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('webhooks')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async insertDelivery(row: DeliveryRow): Promise<void> {
    await this.db.insertInto('webhook_deliveries').values(row).execute();
  }

  async deliveries(webhookId: string, limit = DELIVERY_LOG_LIMIT): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The newest delivery of each of the person's webhooks. */
  async latest(userId: string): Promise<Map<string, DeliveryRow>> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    const out = new Map<string, DeliveryRow>();
    for (const row of rows) if (!out.has(row.webhook_id)) out.set(row.webhook_id, row);
    return out;
  }

  /** Pending deliveries whose next attempt is due, oldest first. */
  async due(now: number, limit: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
  }

  /** The earliest pending attempt, for the loop to wake up then. */
  async nextDue(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.min('next_attempt_at').as('next'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return row?.next === null || row?.next === undefined ? undefined : Number(row.next);
  }

  /**
   * Takes one due attempt for this pass: moves its next attempt to `leaseUntil` only if it is still the
   * one this pass read, so two passes (two instances) never send the same attempt. If the sender dies,
   * the attempt is due again at `leaseUntil`.
   */
  async claimAttempt(id: string, seen: number, leaseUntil: number): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: leaseUntil })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', seen)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async updateDelivery(id: string, values: Updateable<WebhookDeliveriesTable>): Promise<void> {
    await this.db.updateTable('webhook_deliveries').set(values).where('id', '=', id).execute();
  }

  /** A disabled webhook's waiting deliveries end as failed. */
  async failPending(webhookId: string, at: number, error: string): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', finished_at: at, next_attempt_at: null, error })
      .where('webhook_id', '=', webhookId)
      .where('status', '=', 'pending')
      .execute();
  }

  async ownerEmail(userId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    return row?.email;
  }
}
