import { sql, type Kysely, type Selectable } from 'kysely';
import type { ApiTokensTable, Database } from '../../db/schema';

export type ApiTokenRow = Selectable<ApiTokensTable>;
export type NewApiTokenRow = Omit<ApiTokenRow, 'rate_window' | 'rate_count'>;

/** Queries on personal access tokens (only their SHA-256 is stored); each scoped to one user or one hash. */
export class ApiTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: NewApiTokenRow): Promise<void> {
    await this.db.insertInto('api_tokens').values(row).execute();
  }

  /** The user's tokens that are not revoked, newest first. */
  async listLive(userId: string): Promise<ApiTokenRow[]> {
    return this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** Revokes one live token of the user; false when there is none with that id (or it is another's). */
  async revoke(userId: string, id: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('api_tokens')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * One use of the live token with this hash, in one statement: counts it in the current minute's
   * window of the rate limit and moves `last_used_at` when it is more than `touchEveryMs` old.
   * Answers the row as it is after the use, or nothing for an unknown or revoked token.
   */
  async use(
    tokenHash: string,
    at: number,
    window: number,
    touchEveryMs: number,
  ): Promise<ApiTokenRow | undefined> {
    return this.db
      .updateTable('api_tokens')
      .set({
        rate_count: sql<number>`case when rate_window = ${window} then rate_count + 1 else 1 end`,
        rate_window: window,
        last_used_at: sql<number>`case when last_used_at is null or last_used_at <= ${at - touchEveryMs} then ${at} else last_used_at end`,
      })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }
}
