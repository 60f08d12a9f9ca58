import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SigningKeysTable } from '../db/schema';

export type SigningKeyRow = Selectable<SigningKeysTable>;

export class SigningKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Oldest first: every instance signs with the first, so two starting at once still agree. */
  listAll(): Promise<SigningKeyRow[]> {
    return this.db
      .selectFrom('signing_keys')
      .selectAll()
      .orderBy('created_at', 'asc')
      .orderBy('kid', 'asc')
      .execute();
  }

  async insertIfAbsent(row: Insertable<SigningKeysTable>): Promise<void> {
    await this.db
      .insertInto('signing_keys')
      .values(row)
      .onConflict((oc) => oc.column('kid').doNothing())
      .execute();
  }
}
