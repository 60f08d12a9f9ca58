import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ActionCodesTable, Database } from '../db/schema';

export type ActionCodeRow = Selectable<ActionCodesTable>;

export class ActionCodesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByHash(codeHash: string): Promise<ActionCodeRow | undefined> {
    return this.db
      .selectFrom('action_codes')
      .selectAll()
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
  }

  async insert(row: Insertable<ActionCodesTable>): Promise<void> {
    await this.db.insertInto('action_codes').values(row).execute();
  }

  /** Uses a code once: true only for the one call that flipped `used_at`. */
  async markUsed(id: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('action_codes')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A new mail supersedes the earlier ones of the same purpose: only the latest link works. */
  async retireOpen(purpose: string, email: string, at: number): Promise<void> {
    await this.db
      .updateTable('action_codes')
      .set({ used_at: at })
      .where('purpose', '=', purpose)
      .where('email', '=', email)
      .where('used_at', 'is', null)
      .execute();
  }
}
