import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What the first-run checklist reads of an account: one small query a step, each `limit 1`. */
export class OnboardingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A source added: a provider connected (now or before), an ingest token made (Apple Health, Health
   * Connect), or a file imported that was read to the end or waits for review. Typed-in entries are not a source.
   */
  async hasSource(userId: string): Promise<boolean> {
    const [connection, token, imported] = await Promise.all([
      this.db
        .selectFrom('source_connections')
        .select('id')
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst(),
      this.db
        .selectFrom('ingest_tokens')
        .select('id')
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst(),
      this.db
        .selectFrom('imports')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', 'in', ['succeeded', 'needs_review'])
        .limit(1)
        .executeTakeFirst(),
    ]);
    return connection !== undefined || token !== undefined || imported !== undefined;
  }

  async hasGoal(userId: string): Promise<boolean> {
    const goal = await this.db
      .selectFrom('goals')
      .select('id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return goal !== undefined;
  }
}
