import type { SampleBulkIO } from '../../../db/bulk-io';
import type { Db } from '../../../db/database';
import { lockUserWrites } from './day-aggregates';
import { RollupMaintainer } from './rollup-maintainer';

/** Days recomputed per transaction: a week of a busy metric is already ten thousand samples. */
const SPAN = 7;
/** Queued days read at once. */
const PAGE = 500;

/**
 * Works through `rollup_recompute` (days a migration changed the samples of: migration 202611280100
 * marked sandbox samples): each day's stream and merged rows are computed again from its samples, a week
 * of one user's kind per transaction, and leave the queue in the same transaction, so a start cut off
 * halfway goes on where it stopped. Answers the users whose days were recomputed.
 */
export async function recomputeQueuedDays(db: Db, bulk: SampleBulkIO): Promise<string[]> {
  const users = new Set<string>();
  for (;;) {
    const queued = await db.kysely
      .selectFrom('rollup_recompute')
      .select(['user_id', 'kind', 'local_day'])
      .orderBy('user_id')
      .orderBy('kind')
      .orderBy('local_day')
      .limit(PAGE)
      .execute();
    if (queued.length === 0) return [...users];
    const groups = new Map<string, { userId: string; kind: string; days: number[] }>();
    for (const q of queued) {
      const key = `${q.user_id}\u0000${q.kind}`;
      const group = groups.get(key) ?? { userId: q.user_id, kind: q.kind, days: [] };
      group.days.push(q.local_day);
      groups.set(key, group);
    }
    for (const { userId, kind, days } of groups.values()) {
      for (let i = 0; i < days.length; i += SPAN) {
        const part = days.slice(i, i + SPAN);
        await db.kysely.transaction().execute(async (trx) => {
          await lockUserWrites(trx, db.dialect, userId);
          await new RollupMaintainer(trx, db, bulk, userId).refreshDays(kind, part);
          await trx
            .deleteFrom('rollup_recompute')
            .where('user_id', '=', userId)
            .where('kind', '=', kind)
            .where('local_day', 'in', part)
            .execute();
        });
        users.add(userId);
      }
    }
  }
}
