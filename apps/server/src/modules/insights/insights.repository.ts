import type { InsightSeverity, InsightType } from '@healthfolio/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database, InsightsTable } from '../../db/schema';

export type InsightRow = Selectable<InsightsTable>;

/** Queries on `insights`; every one is scoped to one user. */
export class InsightsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Standing insights (not dismissed), newest first, optionally of one type and severity. */
  async list(
    userId: string,
    filter: { type?: InsightType; severity?: InsightSeverity },
  ): Promise<InsightRow[]> {
    let query = this.db
      .selectFrom('insights')
      .selectAll()
      .where('user_id', '=', userId)
      .where('dismissed_at', 'is', null);
    if (filter.type) query = query.where('type', '=', filter.type);
    if (filter.severity) query = query.where('severity', '=', filter.severity);
    return query.orderBy('created_at', 'desc').orderBy('id').execute();
  }

  /** Every insight of the user, dismissed ones too: a re-run matches its findings against them by key. */
  async all(userId: string): Promise<InsightRow[]> {
    return this.db.selectFrom('insights').selectAll().where('user_id', '=', userId).execute();
  }

  async get(userId: string, id: string): Promise<InsightRow | undefined> {
    return this.db
      .selectFrom('insights')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(row: InsightRow): Promise<void> {
    await this.db.insertInto('insights').values(row).execute();
  }

  /** Rewrites a finding's figures; its id, creation and dismissal stay. */
  async update(
    userId: string,
    id: string,
    values: Omit<InsightRow, 'id' | 'user_id' | 'key' | 'created_at' | 'dismissed_at' | 'alerted_at'>,
  ): Promise<void> {
    await this.db
      .updateTable('insights')
      .set(values)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  async remove(userId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('insights').where('user_id', '=', userId).where('id', 'in', ids).execute();
  }

  async dismiss(userId: string, id: string, at: number): Promise<void> {
    await this.db
      .updateTable('insights')
      .set({ dismissed_at: at })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  async markAlerted(userId: string, ids: readonly string[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('insights')
      .set({ alerted_at: at })
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
  }

  /** Whether the engine has ever run for the user (a first visit runs it: InsightJobs.firstRun). */
  async hasRun(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('insight_runs')
      .select('ran_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** When the engine last ran for the user (the daily run looks for people it has not run for in a day). */
  async markRun(userId: string, at: number): Promise<void> {
    await this.db
      .insertInto('insight_runs')
      .values({ user_id: userId, ran_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ran_at: at }))
      .execute();
  }
}
