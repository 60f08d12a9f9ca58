import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, SourceConnectionsTable, SyncRunsTable } from '../../db/schema';

export type ConnectionRow = Selectable<SourceConnectionsTable>;
export type SyncRunRow = Selectable<SyncRunsTable>;

/** Raw pages kept per connection for replays; older ones go. */
export const KEPT_PAYLOADS = 200;

/** Queries on connections, OAuth states, sync runs and kept payloads; each scoped to one user or connection. */
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

  async byId(id: string): Promise<ConnectionRow | undefined> {
    return this.db.selectFrom('source_connections').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: ConnectionRow): Promise<void> {
    await this.db.insertInto('source_connections').values(row).execute();
  }

  async update(id: string, values: Updateable<SourceConnectionsTable>): Promise<void> {
    await this.db.updateTable('source_connections').set(values).where('id', '=', id).execute();
  }

  /** Syncs a previous process left queued or running. */
  async unfinished(): Promise<ConnectionRow[]> {
    return this.db
      .selectFrom('source_connections')
      .selectAll()
      .where('sync_state', 'in', ['queued', 'running'])
      .execute();
  }

  /** Connected sources whose scheduled sync is due. */
  async due(now: number): Promise<ConnectionRow[]> {
    return this.db
      .selectFrom('source_connections')
      .selectAll()
      .where('status', '=', 'connected')
      .where('sync_state', '=', 'idle')
      .where('next_sync_at', '<=', now)
      .execute();
  }

  async saveState(row: {
    state_hash: string;
    user_id: string;
    kind: string;
    sandbox: number;
    code_verifier: string | null;
    settings: string | null;
    created_at: number;
    expires_at: number;
  }): Promise<void> {
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

  async keepPayload(userId: string, connectionId: string, resource: string, payload: string, at: number) {
    await this.db
      .insertInto('sync_payloads')
      .values({ user_id: userId, connection_id: connectionId, resource, payload, fetched_at: at })
      .execute();
  }

  /** Drops all but the newest KEPT_PAYLOADS pages of a connection. */
  async trimPayloads(connectionId: string): Promise<void> {
    const keep = await this.db
      .selectFrom('sync_payloads')
      .select('id')
      .where('connection_id', '=', connectionId)
      .orderBy('id', 'desc')
      .offset(KEPT_PAYLOADS)
      .limit(1)
      .executeTakeFirst();
    if (keep) {
      await this.db
        .deleteFrom('sync_payloads')
        .where('connection_id', '=', connectionId)
        .where('id', '<=', keep.id)
        .execute();
    }
  }

  async payloads(connectionId: string) {
    return this.db
      .selectFrom('sync_payloads')
      .select(['id', 'resource', 'payload', 'fetched_at'])
      .where('connection_id', '=', connectionId)
      .orderBy('id')
      .execute();
  }

  async startRun(row: SyncRunRow): Promise<void> {
    await this.db.insertInto('sync_runs').values(row).execute();
  }

  async updateRun(id: string, values: Updateable<SyncRunsTable>): Promise<void> {
    await this.db.updateTable('sync_runs').set(values).where('id', '=', id).execute();
  }

  async runs(connectionId: string, limit = 10): Promise<SyncRunRow[]> {
    return this.db
      .selectFrom('sync_runs')
      .selectAll()
      .where('connection_id', '=', connectionId)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
