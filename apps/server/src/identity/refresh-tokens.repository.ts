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

  /** Whether the session (family) of this user is still signed in: the check every access token passes. */
  async familyActive(userId: string, familyId: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family_id', '=', familyId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('family_expires_at', '>', now)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The user's signed-in sessions: per family, when it began and when it last refreshed. */
  listActiveFamilies(
    userId: string,
    now: number,
  ): Promise<{ family_id: string; created_at: number; last_seen_at: number }[]> {
    return this.db
      .selectFrom('refresh_tokens')
      .select((eb) => [
        'family_id',
        eb.fn.min<number>('created_at').as('created_at'),
        eb.fn.max<number>('created_at').as('last_seen_at'),
      ])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('family_expires_at', '>', now)
      .groupBy('family_id')
      .execute();
  }

  /** The newest token of each of the user's live families (the one the device holds now). */
  listActiveHeads(
    userId: string,
    now: number,
  ): Promise<Pick<RefreshTokenRow, 'family_id' | 'created_at' | 'user_agent' | 'ip'>[]> {
    return this.db
      .selectFrom('refresh_tokens')
      .select(['family_id', 'created_at', 'user_agent', 'ip'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('rotated_at', 'is', null)
      .where('family_expires_at', '>', now)
      .execute();
  }

  /** Ends one session of this user; false when the user has no such live session (another's id included). */
  async revokeFamilyOfUser(userId: string, familyId: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('family_id', '=', familyId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The user agents this user signed in with before (families kept until a day after they expire). */
  async userAgentsOf(userId: string, exceptFamily: string): Promise<(string | null)[]> {
    const rows = await this.db
      .selectFrom('refresh_tokens')
      .select('user_agent')
      .distinct()
      .where('user_id', '=', userId)
      .where('family_id', '!=', exceptFamily)
      .execute();
    return rows.map((r) => r.user_agent);
  }
}
