import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { userNumberedTables, userOwnedTables } from '../../db/user-owned-tables';
import { userNo } from '../../db/user-number';

export class AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every row of the user, from every table, in one transaction; the user row goes last. */
  async deleteEverything(userId: string, email: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const table of userNumberedTables) {
        await trx.deleteFrom(table).where('user_no', '=', userNo(userId)).execute();
      }
      for (const table of userOwnedTables) {
        // Each listed table has a user_id column; Kysely cannot see that through the union of names.
        await trx
          .deleteFrom(table as 'audit_log')
          .where('user_id', '=', userId)
          .execute();
      }
      await trx.deleteFrom('waitlist').where('email', '=', email).execute();
      await trx.deleteFrom('users').where('id', '=', userId).execute();
    });
  }

  /**
   * The operator of this server: its first account (the demo account on a development server; in
   * production the first account `npm run user:create` made). Only the operator is shown how to set up
   * a connector; every other person sees what is offered.
   */
  async isOperator(userId: string): Promise<boolean> {
    const first = await this.db
      .selectFrom('users')
      .select('id')
      .orderBy('user_no')
      .limit(1)
      .executeTakeFirst();
    return first?.id === userId;
  }
}
