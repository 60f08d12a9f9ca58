import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema';

export type UserRow = Selectable<UsersTable>;

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async insert(user: Insertable<UsersTable>): Promise<void> {
    await this.db.insertInto('users').values(user).execute();
  }

  async setPassword(id: string, passwordHash: string, tokensValidAfter: number, at: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, tokens_valid_after: tokensValidAfter, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async markVerified(id: string, at: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ email_verified: 1, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** Replaces the settings only if they are still `expected`; false when another write came first. */
  async replaceSettings(id: string, expected: string, settings: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ settings, updated_at: at })
      .where('id', '=', id)
      .where('settings', '=', expected)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async update(id: string, fields: { name?: string; settings?: string }, at: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...fields, updated_at: at })
      .where('id', '=', id)
      .execute();
  }
}
