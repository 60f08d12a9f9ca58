import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, ImportsTable } from '../../db/schema';

export type ImportRow = Selectable<ImportsTable>;

/** Kysely queries over `imports`, one method a query. Every read by id is scoped to its owner. */
export class ImportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<ImportsTable>): Promise<void> {
    await this.db.insertInto('imports').values(row).execute();
  }

  async get(userId: string, id: string): Promise<ImportRow | undefined> {
    return this.db
      .selectFrom('imports')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async list(userId: string, limit: number): Promise<ImportRow[]> {
    return this.db
      .selectFrom('imports')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Imports a server stopped before finishing, oldest first: the runner takes them up again on start. */
  async unfinished(): Promise<ImportRow[]> {
    return this.db
      .selectFrom('imports')
      .selectAll()
      .where('status', 'in', ['queued', 'running'])
      .orderBy('created_at')
      .execute();
  }

  async owner(userId: string): Promise<{ name: string; email: string } | undefined> {
    return this.db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
  }

  async unfinishedById(id: string): Promise<ImportRow | undefined> {
    return this.db
      .selectFrom('imports')
      .selectAll()
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
  }

  async update(id: string, changes: Updateable<ImportsTable>): Promise<void> {
    await this.db.updateTable('imports').set(changes).where('id', '=', id).execute();
  }

  /** Changes an import only while it has `status`; answers whether it did (a second confirmation does not). */
  async updateIf(id: string, status: string, changes: Updateable<ImportsTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('imports')
      .set(changes)
      .where('id', '=', id)
      .where('status', '=', status)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(userId: string, id: string): Promise<void> {
    await this.db.deleteFrom('imports').where('user_id', '=', userId).where('id', '=', id).execute();
  }
}
