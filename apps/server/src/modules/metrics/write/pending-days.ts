import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { userNo } from '../../../db/user-number';
import { addDay, type DaysByKind } from './day-aggregates';

/** Rows per statement: 4 parameters each, far under SQLite's limit. */
const CHUNK = 500;

/**
 * The days of one writer (`origin`, e.g. `import:<id>`) whose priority merge waits for its session's end:
 * rows of `rollup_pending_days`, written and removed inside the transactions that defer and merge them, so
 * a session begun again with the same origin (an import resumed after a crash or a hand-back) finds
 * exactly the days still to merge.
 */
export class PendingDays {
  constructor(readonly origin: string) {}

  /** Adds days (already pending ones stay as they are) for the user numbered `owner`. */
  async add(trx: Kysely<Database>, owner: number, days: DaysByKind): Promise<void> {
    const rows: { user_no: number; origin: string; kind: string; local_day: number }[] = [];
    for (const [kind, set] of days) {
      for (const day of set) rows.push({ user_no: owner, origin: this.origin, kind, local_day: day });
    }
    for (let i = 0; i < rows.length; i += CHUNK) {
      await trx
        .insertInto('rollup_pending_days')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }

  /** Removes days of one kind, merged now. */
  async remove(trx: Kysely<Database>, owner: number, kind: string, days: readonly number[]): Promise<void> {
    for (let i = 0; i < days.length; i += CHUNK) {
      await trx
        .deleteFrom('rollup_pending_days')
        .where('user_no', '=', owner)
        .where('origin', '=', this.origin)
        .where('kind', '=', kind)
        .where('local_day', 'in', days.slice(i, i + CHUNK))
        .execute();
    }
  }

  /** Every day still pending, by kind. */
  async list(db: Kysely<Database>, userId: string): Promise<DaysByKind> {
    const rows = await db
      .selectFrom('rollup_pending_days')
      .select(['kind', 'local_day'])
      .where('user_no', '=', userNo(userId))
      .where('origin', '=', this.origin)
      .execute();
    const days: DaysByKind = new Map();
    for (const r of rows) addDay(days, r.kind, Number(r.local_day));
    return days;
  }
}
