import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export class WaitlistRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts once per email; a second join keeps the first entry. */
  async addOnce(entry: { id: string; email: string; name: string | null; createdAt: number }): Promise<void> {
    await this.db
      .insertInto('waitlist')
      .values({
        id: entry.id,
        email: entry.email,
        name: entry.name,
        created_at: entry.createdAt,
        invited_at: null,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  }

  findByEmail(email: string) {
    return this.db.selectFrom('waitlist').selectAll().where('email', '=', email).executeTakeFirst();
  }

  markInvited(email: string, at: number) {
    return this.db.updateTable('waitlist').set({ invited_at: at }).where('email', '=', email).execute();
  }
}
