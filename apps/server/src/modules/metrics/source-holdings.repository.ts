import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { userNo } from '../../db/user-number';
import { MERGED } from './rollups.repository';

/** What one source holds for a person: readings (from the daily rollups), clinical records, and the newest. */
export interface SourceHolding {
  samples: number;
  records: number;
  /** Epoch ms of the newest reading or record; null when unknown. */
  lastDataAt: number | null;
}

/**
 * "Your sources": every source with data for a person, however it came (a connection, an import, a push,
 * an entry), read from the per-source daily rollups and the clinical records; and, for one connection's
 * stats, what that source wrote per metric.
 */
export class SourceHoldingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async byUser(userId: string): Promise<Map<string, SourceHolding>> {
    const [readings, records] = await Promise.all([
      this.db
        .selectFrom('daily_rollups')
        .select((eb) => [
          'source',
          eb.fn.sum<number | string>('count').as('samples'),
          eb.fn.max<number | string | null>('last_at').as('last_at'),
        ])
        .where('user_no', '=', userNo(userId))
        .where('source', '!=', MERGED)
        .groupBy('source')
        .execute(),
      this.db
        .selectFrom('clinical_records')
        .select((eb) => [
          'source',
          eb.fn.countAll<number | string>().as('records'),
          eb.fn.max<number | string | null>(sql`coalesce(recorded_at, 0)`).as('last_at'),
        ])
        .where('user_id', '=', userId)
        .groupBy('source')
        .execute(),
    ]);
    const out = new Map<string, SourceHolding>();
    const at = (value: number | string | null) =>
      value === null || Number(value) === 0 ? null : Number(value);
    for (const row of readings)
      out.set(row.source, { samples: Number(row.samples), records: 0, lastDataAt: at(row.last_at) });
    for (const row of records) {
      const held = out.get(row.source) ?? { samples: 0, records: 0, lastDataAt: null };
      const last = at(row.last_at);
      out.set(row.source, {
        ...held,
        records: Number(row.records),
        lastDataAt: last === null ? held.lastDataAt : Math.max(held.lastDataAt ?? 0, last),
      });
    }
    return out;
  }

  /** Samples per metric one source wrote for a person, with the first and last instants (a connection's stats). */
  async perKind(userId: string, source: string) {
    return this.db
      .selectFrom('samples')
      .select((eb) => [
        'kind',
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.min('start_at').as('first'),
        eb.fn.max('start_at').as('last'),
      ])
      .where('user_no', '=', userNo(userId))
      .where('source', '=', source)
      .groupBy('kind')
      .orderBy('kind')
      .execute();
  }
}
