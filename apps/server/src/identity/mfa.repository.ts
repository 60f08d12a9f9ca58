import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, MfaChallengesTable, WebauthnCredentialsTable } from '../db/schema';

export type MfaChallengeRow = Selectable<MfaChallengesTable>;
export type PasskeyRow = Selectable<WebauthnCredentialsTable>;

/** TOTP secrets, recovery codes, passkeys and MFA challenges (migration 202611290100-mfa). */
export class MfaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  totp(userId: string) {
    return this.db.selectFrom('mfa_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** A new, unconfirmed secret; replaces an earlier unconfirmed one, never a confirmed one. */
  async putPendingTotp(userId: string, secretSealed: string, at: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('mfa_totp')
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is', null)
        .execute();
      const confirmed = await trx
        .selectFrom('mfa_totp')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (confirmed) return false;
      await trx
        .insertInto('mfa_totp')
        .values({
          user_id: userId,
          secret_sealed: secretSealed,
          confirmed_at: null,
          last_step: null,
          created_at: at,
        })
        .execute();
      return true;
    });
  }

  /** Confirms the secret with its first code and stores fresh recovery codes, at once. */
  async confirmTotp(
    userId: string,
    step: number,
    codeHashes: string[],
    ids: string[],
    at: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('mfa_totp')
        .set({ confirmed_at: at, last_step: step })
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await this.replaceRecoveryCodesIn(trx, userId, codeHashes, ids, at);
      return true;
    });
  }

  /**
   * Takes a time step for a code: true only when no code of this step (or a later one) was accepted
   * before — one conditional update, so two requests racing with one code cannot both pass.
   */
  async claimStep(userId: string, step: number): Promise<boolean> {
    const done = await this.db
      .updateTable('mfa_totp')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  async deleteTotp(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('mfa_totp').where('user_id', '=', userId).execute();
      await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
    });
  }

  async replaceRecoveryCodes(userId: string, codeHashes: string[], ids: string[], at: number): Promise<void> {
    await this.db
      .transaction()
      .execute((trx) => this.replaceRecoveryCodesIn(trx, userId, codeHashes, ids, at));
  }

  private async replaceRecoveryCodesIn(
    trx: Kysely<Database>,
    userId: string,
    codeHashes: string[],
    ids: string[],
    at: number,
  ): Promise<void> {
    await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('mfa_recovery_codes')
      .values(
        codeHashes.map((code_hash, i) => ({
          id: ids[i]!,
          user_id: userId,
          code_hash,
          used_at: null,
          created_at: at,
        })),
      )
      .execute();
  }

  /** Spends a recovery code: true only the first time. */
  async useRecoveryCode(userId: string, codeHash: string, at: number): Promise<boolean> {
    const done = await this.db
      .updateTable('mfa_recovery_codes')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('mfa_recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  // Passkeys

  passkeys(userId: string): Promise<PasskeyRow[]> {
    return this.db
      .selectFrom('webauthn_credentials')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  passkeyByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
    return this.db
      .selectFrom('webauthn_credentials')
      .selectAll()
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
  }

  async insertPasskey(row: Insertable<WebauthnCredentialsTable>): Promise<void> {
    await this.db.insertInto('webauthn_credentials').values(row).execute();
  }

  async renamePasskey(userId: string, id: string, name: string): Promise<boolean> {
    const done = await this.db
      .updateTable('webauthn_credentials')
      .set({ name })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  async deletePasskey(userId: string, id: string): Promise<boolean> {
    const done = await this.db
      .deleteFrom('webauthn_credentials')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(done.numDeletedRows) === 1;
  }

  async passkeyUsed(id: string, counter: number, at: number): Promise<void> {
    await this.db
      .updateTable('webauthn_credentials')
      .set({ counter, last_used_at: at })
      .where('id', '=', id)
      .execute();
  }

  // Challenges

  async insertChallenge(row: Insertable<MfaChallengesTable>): Promise<void> {
    await this.db.insertInto('mfa_challenges').values(row).execute();
  }

  /** Inserts or renews (the step-up record of a session). */
  async putChallenge(row: Insertable<MfaChallengesTable>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('mfa_challenges').where('id', '=', row.id).execute();
      await trx.insertInto('mfa_challenges').values(row).execute();
    });
  }

  challenge(id: string, kind: string, now: number): Promise<MfaChallengeRow | undefined> {
    return this.db
      .selectFrom('mfa_challenges')
      .selectAll()
      .where('id', '=', id)
      .where('kind', '=', kind)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Single use: true for the one caller that removed it. */
  async consumeChallenge(id: string): Promise<boolean> {
    const done = await this.db.deleteFrom('mfa_challenges').where('id', '=', id).executeTakeFirst();
    return Number(done.numDeletedRows) === 1;
  }

  /** Counts a wrong answer to a challenge; the new count. */
  async countAttempt(id: string): Promise<number> {
    await this.db
      .updateTable('mfa_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
    const row = await this.db
      .selectFrom('mfa_challenges')
      .select('attempts')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.attempts ?? Number.MAX_SAFE_INTEGER;
  }

  async deleteExpiredChallenges(now: number): Promise<void> {
    await this.db.deleteFrom('mfa_challenges').where('expires_at', '<=', now).execute();
  }
}
