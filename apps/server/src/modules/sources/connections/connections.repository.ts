import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, OAuthStatesTable, SourceConnectionsTable } from '../../../db/schema';

export type ConnectionRow = Selectable<SourceConnectionsTable>;

/** Queries on connections and OAuth states; each scoped to one user or connection. */
export class ConnectionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(userId: string): Promise<ConnectionRow[]> {
    return this.db.selectFrom('source_connections').selectAll().where('user_id', '=', userId).execute();
  }

  async byKind(userId: string, kind: string): Promise<ConnectionRow | undefined> {
    return this.db
      .selectFrom('source_connections')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirst();
  }

  /** A new connection, born with its idle sync state (one transaction: never one without the other). */
  async insert(row: ConnectionRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('source_connections').values(row).execute();
      await trx.insertInto('sync_state').values({ connection_id: row.id }).execute();
    });
  }

  async update(id: string, values: Updateable<SourceConnectionsTable>): Promise<void> {
    await this.db.updateTable('source_connections').set(values).where('id', '=', id).execute();
  }

  async saveState(row: Omit<OAuthStatesTable, 'used_at'>): Promise<void> {
    await this.db
      .insertInto('oauth_states')
      .values({ ...row, used_at: null })
      .execute();
  }

  /**
   * Uses a state once: answers it only if it is unused, unexpired and the user's own, and marks it
   * used in the same statement, so a replayed callback finds nothing.
   */
  async takeState(userId: string, stateHash: string, now: number) {
    const row = await this.db
      .updateTable('oauth_states')
      .set({ used_at: now })
      .where('state_hash', '=', stateHash)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    await this.db
      .deleteFrom('oauth_states')
      .where('expires_at', '<', now - 86_400_000)
      .execute();
    return row;
  }

  /**
   * For a callback that brought only the code (SPEC's `POST /integrations/va/connect: code`): uses the
   * user's one open attempt at this kind, as `takeState` does; none or several open answers nothing.
   */
  async takeOnlyOpenState(userId: string, kind: string, now: number) {
    const open = await this.db
      .selectFrom('oauth_states')
      .select('state_hash')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .limit(2)
      .execute();
    return open.length === 1 ? this.takeState(userId, open[0]!.state_hash, now) : undefined;
  }
}
