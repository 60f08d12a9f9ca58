import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export class UserDataSourcesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_data_sources')
      .select('kind')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .orderBy('kind', 'asc')
      .execute();
    return rows.map((r) => r.kind);
  }

  /** Replaces the user's choice as a whole. */
  async replace(userId: string, kinds: string[], at: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_data_sources').where('user_id', '=', userId).execute();
      if (kinds.length === 0) return;
      await trx
        .insertInto('user_data_sources')
        .values(kinds.map((kind) => ({ user_id: userId, kind, created_at: at })))
        .execute();
    });
  }
}
