import { sql, type Kysely } from 'kysely';
import type { AppMigration } from './types';

/** metrics/time.ts and the sleep kinds as this migration knows them (written out: a migration never changes). */
const SLEEP_KINDS = ['sleep_duration', 'time_in_bed'] as const;
const DAY_MS = 86_400_000;
/** 18:00: a stretch of sleep ending from then to midnight belongs to the night that ends the next morning. */
const EVENING_MS = 18 * 3_600_000;

/**
 * A night's sleep counts for the day you wake up (DESIGN). A stretch of sleep was stored on the local day
 * it ends, so the part of a night ending before midnight (light sleep 22:10–23:40, then deep sleep after
 * midnight) counted toward the day before — splitting one night over two days' totals. Samples written
 * from now on count an evening stretch (ending 18:00–24:00 local) for the next day (metrics/time.ts
 * sleepDayOf); this moves the stored ones alike and queues both days of each moved sample in
 * `rollup_recompute`, which the server's start works through (metrics/rollup-recompute.ts) — the merge of
 * a day cannot run in SQL here.
 *
 * A sample to move: a sleep kind whose local end is at or after 18:00 of its stored local day. After the
 * move its day is the next one, so the condition no longer holds: running it twice moves nothing twice,
 * and a run cut off between a person's queueing and moving (SQLite runs migrations outside a transaction)
 * queues the same days again and moves the rest.
 */
export const eveningSleepDay: AppMigration = {
  async up(db: Kysely<unknown>) {
    const users = await sql<{
      id: string;
      user_no: number;
    }>`select id, user_no from users order by user_no`.execute(db);
    const kinds = sql.join(SLEEP_KINDS.map((k) => sql.lit(k)));
    // Milliseconds past the start of the stored local day at which the sample ends, in bigint arithmetic
    // (local_day × 86 400 000 overflows PostgreSQL's integer).
    const intoDay = sql`(end_at + cast(utc_offset_min as bigint) * 60000 - cast(local_day as bigint) * ${sql.lit(DAY_MS)})`;
    const evening = sql`${intoDay} >= ${sql.lit(EVENING_MS)} and ${intoDay} < ${sql.lit(DAY_MS)}`;
    for (const { id, user_no } of users.rows) {
      await sql`insert into rollup_recompute (user_id, kind, local_day)
          select distinct cast(${id} as text), kind, local_day from samples
          where user_no = ${user_no} and kind in (${kinds}) and ${evening}
          union
          select distinct cast(${id} as text), kind, local_day + 1 from samples
          where user_no = ${user_no} and kind in (${kinds}) and ${evening}
          on conflict do nothing`.execute(db);
      await sql`update samples set local_day = local_day + 1
          where user_no = ${user_no} and kind in (${kinds}) and ${evening}`.execute(db);
    }
  },

  async down() {
    // Stays: the days before it split nights over two days' totals.
  },
};
