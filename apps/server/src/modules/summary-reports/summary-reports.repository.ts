import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, HealthReportsTable } from '../../db/schema';

/** What the list and status answers read: everything but the content and the PDF bytes. */
const LISTED = [
  'id',
  'user_id',
  'status',
  'progress',
  'from_day',
  'to_day',
  'sections',
  'pages',
  'bytes',
  'failure',
  'created_at',
  'started_at',
  'finished_at',
] as const;

export type ReportRow = Pick<Selectable<HealthReportsTable>, (typeof LISTED)[number]>;

/** `health_reports`, owner-scoped: every read and write by a user names the user. */
export class SummaryReportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<HealthReportsTable>): Promise<void> {
    await this.db.insertInto('health_reports').values(row).execute();
  }

  list(userId: string): Promise<ReportRow[]> {
    return this.db
      .selectFrom('health_reports')
      .select(LISTED)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  get(userId: string, id: string): Promise<ReportRow | undefined> {
    return this.db
      .selectFrom('health_reports')
      .select(LISTED)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** For the job: the row by id alone (the job was queued by its owner). */
  byId(id: string): Promise<ReportRow | undefined> {
    return this.db.selectFrom('health_reports').select(LISTED).where('id', '=', id).executeTakeFirst();
  }

  async pdf(userId: string, id: string): Promise<Buffer | null | undefined> {
    const row = await this.db
      .selectFrom('health_reports')
      .select('pdf')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? row.pdf : undefined;
  }

  async content(userId: string, id: string): Promise<string | null | undefined> {
    const row = await this.db
      .selectFrom('health_reports')
      .select('content')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? row.content : undefined;
  }

  async update(id: string, patch: Updateable<HealthReportsTable>): Promise<void> {
    await this.db.updateTable('health_reports').set(patch).where('id', '=', id).execute();
  }

  /** Starts a queued or finished report again; false when it is queued or running already. */
  async requeue(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('health_reports')
      .set({
        status: 'queued',
        progress: 0,
        content: null,
        pdf: null,
        pages: null,
        bytes: null,
        failure: null,
        started_at: null,
        finished_at: null,
      })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', 'in', ['succeeded', 'failed'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('health_reports')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Reports asked for and never started (kept queued by a version before the job queue: their jobs are made again). */
  async waiting(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('health_reports')
      .select('id')
      .where('status', '=', 'queued')
      .orderBy('created_at')
      .execute();
    return rows.map((r) => r.id);
  }
}
