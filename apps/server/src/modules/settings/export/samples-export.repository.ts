import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { userNo } from '../../../db/user-number';

/** Reads a user's samples for export in id order, one page at a time (keyset, so page 10 000 is as fast as page 1). */
export class SamplesExportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  page(userId: string, afterId: number, limit: number) {
    return this.db
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
      .where('id', '>', afterId)
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  }
}
