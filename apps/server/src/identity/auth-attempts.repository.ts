import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Rate-limit events, one row each, so limits hold across restarts and server instances. */
export class AuthAttemptsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async count(bucket: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('auth_attempts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('bucket', '=', bucket)
      .where('at', '>', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The instant of the n-th most recent event (1 = newest) in the window, if there are that many. */
  async nthNewest(bucket: string, n: number, since: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('auth_attempts')
      .select('at')
      .where('bucket', '=', bucket)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(1)
      .offset(n - 1)
      .executeTakeFirst();
    return row?.at;
  }

  async record(buckets: string[], at: number): Promise<void> {
    if (buckets.length === 0) return;
    await this.db
      .insertInto('auth_attempts')
      .values(buckets.map((bucket) => ({ bucket, at })))
      .execute();
  }

  async clear(bucket: string): Promise<void> {
    await this.db.deleteFrom('auth_attempts').where('bucket', '=', bucket).execute();
  }

  async clearMatching(fragment: string): Promise<void> {
    await this.db.deleteFrom('auth_attempts').where('bucket', 'like', `%${fragment}%`).execute();
  }

  async deleteOlderThan(before: number): Promise<void> {
    await this.db.deleteFrom('auth_attempts').where('at', '<', before).execute();
  }
}
