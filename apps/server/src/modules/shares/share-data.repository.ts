import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SamplesQuery } from '../metrics';

/**
 * Read-only queries a share's recipient page needs, each bounded by the owner and the shared period.
 * Samples and rollups are read through the metrics module, the only one that queries them.
 */
export class ShareDataRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly samples: Pick<SamplesQuery, 'mergedDays' | 'labResultsByDay'>,
  ) {}

  /** Merged daily rows of some kinds (the metrics module's read). */
  mergedDays(userId: string, kinds: readonly string[], fromDay: number, toDay: number) {
    return this.samples.mergedDays(userId, kinds, fromDay, toDay);
  }

  /** Lab results in the period, newest first (the metrics module's read). */
  labResults(userId: string, fromDay: number, toDay: number, excludeSandbox: boolean) {
    return this.samples.labResultsByDay(userId, fromDay, toDay, excludeSandbox);
  }

  /** Clinical records of the period, and those still running in it (an ongoing condition, a medication). */
  clinical(userId: string, fromMs: number, toMs: number) {
    return this.db
      .selectFrom('clinical_records')
      .select(['category', 'display', 'status', 'recorded_at', 'ended_at'])
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.and([
          eb.or([eb('recorded_at', 'is', null), eb('recorded_at', '<', toMs)]),
          eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', fromMs)]),
        ]),
      )
      .orderBy('category')
      .orderBy('recorded_at', 'desc')
      .limit(2000)
      .execute();
  }

  /** Standing insights (not dismissed) whose window (local days) meets the period. */
  insights(userId: string, fromDay: number, toDay: number) {
    return this.db
      .selectFrom('insights')
      .select(['type', 'severity', 'title', 'description', 'created_at'])
      .where('user_id', '=', userId)
      .where('dismissed_at', 'is', null)
      .where('window_to', '>=', fromDay)
      .where('window_from', '<=', toDay)
      .orderBy('created_at', 'desc')
      .execute();
  }
}
