import { notSandbox } from '../../metrics/sample-filters';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { userNo } from '../../../db/user-number';

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
        'value',
        'unit',
        'source',
        'device',
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
}
