import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PriorityEntry } from './priority';

/** A user's own stream order per metric (Settings → source priority). */
export class PrioritiesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(userId: string, kind: string): Promise<PriorityEntry[]> {
    return this.db
      .selectFrom('source_priorities')
      .select(['source', 'device'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .orderBy('rank')
      .execute();
  }

  async replace(userId: string, kind: string, entries: readonly PriorityEntry[]): Promise<void> {
    await this.db
      .deleteFrom('source_priorities')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .execute();
    if (entries.length === 0) return;
    await this.db
      .insertInto('source_priorities')
      .values(entries.map((e, rank) => ({ user_id: userId, kind, source: e.source, device: e.device, rank })))
      .execute();
  }
}
