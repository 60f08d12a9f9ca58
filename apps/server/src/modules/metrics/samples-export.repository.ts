import { metricCatalogue, SANDBOX_DEVICE_LIKE, type MetricDefinition } from '@healthfolio/core';
import { isLabResult, notSandbox } from './sample-filters';
import { MERGED } from './rollups.repository';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { userNo } from '../../db/user-number';

const labKinds = (metricCatalogue as readonly MetricDefinition[])
  .filter((m) => m.category === 'labs')
  .map((m) => m.kind);

/** Reads a user's samples for export in id order, one page at a time (keyset, so page 10 000 is as fast as page 1). */
export class SamplesExportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** With `excludeSandbox`, what sandbox connections wrote (sample-paths.ts) is left out. */
  page(userId: string, afterId: number, limit: number, { excludeSandbox = false } = {}) {
    let query = this.db
      .selectFrom('samples')
      .select([
        'id',
        'kind',
        'start_at',
        'end_at',
        'utc_offset_min',
        'tz',
        'value',
        'unit',
        'source',
        'device',
        'origin_id',
        'flag',
        'meta',
      ])
      .where('user_no', '=', userNo(userId))
      .where('id', '>', afterId);
    if (excludeSandbox) {
      query = query.where(notSandbox);
    }
    return query.orderBy('id', 'asc').limit(limit).execute();
  }

  /** The kinds the user holds samples of (from the daily rollups' streams, not a scan of samples). */
  async kinds(userId: string, { excludeSandbox = false } = {}): Promise<string[]> {
    let query = this.db
      .selectFrom('daily_rollups')
      .select('kind')
      .distinct()
      .where('user_no', '=', userNo(userId))
      .where('source', '<>', MERGED);
    if (excludeSandbox) query = query.where('device', 'not like', SANDBOX_DEVICE_LIKE);
    return (await query.orderBy('kind').execute()).map((r) => r.kind);
  }

  /** One kind's samples in time order, a keyset page after (start, id): the identity index's prefix. */
  pageOfKind(
    userId: string,
    kind: string,
    after: { start: number; id: number },
    limit: number,
    { excludeSandbox = false } = {},
  ) {
    let query = this.db
      .selectFrom('samples')
      .select(['id', 'start_at', 'end_at', 'utc_offset_min', 'value', 'unit', 'source', 'device', 'flag'])
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', kind)
      .where((eb) =>
        eb.or([
          eb('start_at', '>', after.start),
          eb.and([eb('start_at', '=', after.start), eb('id', '>', after.id)]),
        ]),
      );
    if (excludeSandbox) query = query.where(notSandbox);
    return query.orderBy('start_at').orderBy('id').limit(limit).execute();
  }

  /**
   * Lab results, newest first (at most 1 000). CGM readings are stored as blood_glucose too: only a
   * glucose with a lab's range or flag is a lab result.
   */
  labResults(userId: string, { excludeSandbox = false } = {}) {
    let query = this.db
      .selectFrom('samples')
      .select(['kind', 'start_at', 'utc_offset_min', 'value', 'unit', 'flag', 'meta'])
      .where('user_no', '=', userNo(userId))
      .where('kind', 'in', labKinds)
      .where(isLabResult);
    if (excludeSandbox) query = query.where(notSandbox);
    return query.orderBy('start_at', 'desc').limit(1000).execute();
  }
}
