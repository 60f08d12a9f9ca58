import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, RefreshTokensTable } from '../db/schema';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

export class RefreshTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async insert(row: Insertable<RefreshTokensTable>): Promise<void> {
    await this.db.insertInto('refresh_tokens').values(row).execute();
  }

  /** Marks a token rotated unless another request already did: true when this call won. */
  async claimRotation(id: string, successor: { id: string; sealed: string }, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: at, replaced_by: successor.id, successor_sealed: successor.sealed })
      .where('id', '=', id)
      .where('rotated_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteById(id: string): Promise<void> {
    await this.db.deleteFrom('refresh_tokens').where('id', '=', id).execute();
  }

  async revokeFamily(familyId: string, at: number): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllOfUser(userId: string, at: number): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Rows of families that ended long ago carry nothing worth keeping. */
  async deleteExpired(before: number): Promise<void> {
    await this.db.deleteFrom('refresh_tokens').where('family_expires_at', '<', before).execute();
  }
}
