import type { Kysely, Selectable } from 'kysely';
import type { Database, IngestTokensTable } from '../../db/schema';

export type IngestTokenRow = Selectable<IngestTokensTable>;

/** Queries on personal ingest tokens (only their sha256 is stored); each scoped to one user or one hash. */
export class IngestTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: IngestTokenRow): Promise<void> {
    await this.db.insertInto('ingest_tokens').values(row).execute();
  }

  /** The user's token of `kind` that is not revoked, if any. */
  async live(userId: string, kind: string): Promise<IngestTokenRow | undefined> {
    return this.db
      .selectFrom('ingest_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  /** The token with this hash that is not revoked: the only way a post finds its owner. */
  async liveByHash(tokenHash: string): Promise<IngestTokenRow | undefined> {
    return this.db
      .selectFrom('ingest_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  /** Revokes every live token of the user's `kind`; answers how many. */
  async revoke(userId: string, kind: string, at: number): Promise<number> {
    const result = await this.db
      .updateTable('ingest_tokens')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Records a post: when, and how many samples it carried. */
  async used(id: string, at: number, received: number): Promise<void> {
    await this.db
      .updateTable('ingest_tokens')
      .set((eb) => ({ last_used_at: at, received: eb('received', '+', received) }))
      .where('id', '=', id)
      .execute();
  }
}
