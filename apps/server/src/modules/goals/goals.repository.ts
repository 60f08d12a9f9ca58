import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, GoalsTable } from '../../db/schema';

export type GoalRow = Selectable<GoalsTable>;

/** Queries on `goals`; every one is scoped to one user. */
export class GoalsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(userId: string): Promise<GoalRow[]> {
    return this.db
      .selectFrom('goals')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async get(userId: string, id: string): Promise<GoalRow | undefined> {
    return this.db
      .selectFrom('goals')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(row: GoalRow): Promise<void> {
    await this.db.insertInto('goals').values(row).execute();
  }

  async update(userId: string, id: string, values: Updateable<GoalsTable>): Promise<void> {
    await this.db
      .updateTable('goals')
      .set(values)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /** Whether a goal was there to delete. */
  async remove(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('goals')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
