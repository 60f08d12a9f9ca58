import { metricCatalogue, type MetricDefinition } from '@healthfolio/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { userNo } from '../../db/user-number';
import { MERGED } from '../metrics/rollups.repository';
import { notSandbox } from '../metrics/sample-filters';

const catalogue = metricCatalogue as readonly MetricDefinition[];
export const labKinds = catalogue.filter((m) => m.category === 'labs').map((m) => m.kind);

/** Read-only queries a share's recipient page needs, each bounded by the owner and the shared period. */
export class ShareDataRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Merged daily rows (never double counted; sandbox data only when the owner includes it) of some kinds. */
  mergedDays(userId: string, kinds: readonly string[], fromDay: number, toDay: number) {
    if (kinds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('daily_rollups')
      .select(['kind', 'local_day', 'count', 'sum', 'last_value'])
      .where('user_id', '=', userId)
      .where('source', '=', MERGED)
      .where('kind', 'in', kinds)
      .where('local_day', '>=', fromDay)
      .where('local_day', '<=', toDay)
      .orderBy('kind')
      .orderBy('local_day')
      .execute();
  }

  /**
   * Lab results in the period, newest first. CGM readings are stored as blood_glucose too: a lab's glucose
   * carries a reference range or a flag, and only those are lab results.
   */
  labResults(userId: string, fromDay: number, toDay: number, excludeSandbox: boolean) {
    let query = this.db
      .selectFrom('samples')
      .select(['kind', 'local_day', 'value', 'unit', 'flag', 'meta'])
      .where('user_no', '=', userNo(userId))
      .where('kind', 'in', labKinds)
      .where('local_day', '>=', fromDay)
      .where('local_day', '<=', toDay)
      .where((eb) =>
        eb.or([
          eb('kind', '<>', 'blood_glucose'),
          eb('flag', 'is not', null),
          eb('meta', 'like', '%referenceRange%'),
        ]),
      );
    if (excludeSandbox) query = query.where(notSandbox);
    return query.orderBy('start_at', 'desc').limit(2000).execute();
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
