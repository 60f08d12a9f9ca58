import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, SyncRunsTable, SyncStateTable } from '../../../db/schema';
import type { ConnectionRow } from '../connections/connections.repository';

export type SyncStateRow = Selectable<SyncStateTable>;
/** A connection with its sync state, as syncs, the catalogue and provider pushes read it. */
export type SyncedConnection = ConnectionRow & SyncStateRow;
export type SyncStateUpdate = Omit<Updateable<SyncStateTable>, 'connection_id'>;
export type SyncRunRow = Selectable<SyncRunsTable>;

/** Raw pages kept per connection for replays; older ones go. */
export const KEPT_PAYLOADS = 200;

/**
 * Queries on connections' sync state (read with their connection), their runs and kept raw pages; each
 * scoped to one user or connection, but for the schedule's and a restart's look at every connection.
 */
export class SyncStateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private synced() {
    return this.db
      .selectFrom('source_connections')
      .innerJoin('sync_state', 'sync_state.connection_id', 'source_connections.id')
      .selectAll();
  }

  async list(userId: string): Promise<SyncedConnection[]> {
    return this.synced().where('user_id', '=', userId).execute();
  }

  async byKind(userId: string, kind: string): Promise<SyncedConnection | undefined> {
    return this.synced().where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  }

  async byId(id: string): Promise<SyncedConnection | undefined> {
    return this.synced().where('id', '=', id).executeTakeFirst();
  }

  async update(connectionId: string, values: SyncStateUpdate): Promise<void> {
    await this.db.updateTable('sync_state').set(values).where('connection_id', '=', connectionId).execute();
  }

  /** In the transaction that wrote a page's rows: the cursor after it and the run's progress. */
  async pageWritten(trx: Kysely<Database>, connectionId: string, cursor: string | null, samples: number) {
    await trx
      .updateTable('sync_state')
      .set((eb) => ({
        cursor,
        sync_pages: eb('sync_pages', '+', 1),
        sync_samples: eb('sync_samples', '+', samples),
      }))
      .where('connection_id', '=', connectionId)
      .execute();
  }

  /** Syncs a previous process left queued or running. */
  async unfinished(): Promise<SyncedConnection[]> {
    return this.synced().where('sync_state', 'in', ['queued', 'running']).execute();
  }

  /** Connected sources whose scheduled sync is due. */
  async due(now: number): Promise<SyncedConnection[]> {
    return this.synced()
      .where('status', '=', 'connected')
      .where('sync_state', '=', 'idle')
      .where('next_sync_at', '<=', now)
      .execute();
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
