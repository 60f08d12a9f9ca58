import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AuditLogTable, Database } from '../db/schema';

export type AuditRow = Selectable<AuditLogTable>;

/** Append-only: there is no update, and rows go only with their user. */
export class AuditLogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async append(row: Insertable<AuditLogTable>): Promise<void> {
    await this.db.insertInto('audit_log').values(row).execute();
  }

  /** Newest first, keyset-paginated by id. */
  listForUser(userId: string, limit: number, beforeId?: number): Promise<AuditRow[]> {
    let query = this.db.selectFrom('audit_log').selectAll().where('user_id', '=', userId);
    if (beforeId !== undefined) query = query.where('id', '<', beforeId);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }
}
