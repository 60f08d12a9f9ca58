import { pathOf, SANDBOX_DEVICE_LIKE, SANDBOX_PATH } from '@healthfolio/core';
import type { ExpressionBuilder } from 'kysely';
import type { SampleBulkIO } from '../../../db/bulk-io';
import type { Db } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { userNo } from '../../../db/user-number';
import { RollupsRepository } from '../rollups.repository';
import { isProblem, prepareSample, type NewSample, type SampleRow } from '../sample-row';
import { SamplesRepository, type StoredSampleRow } from '../samples.repository';
import { addDay, lockUserWrites, MERGE_SPAN, type DaysByKind } from './day-aggregates';
import { RollupMaintainer } from './rollup-maintainer';

const identityKey = (kind: string, start: number, end: number, originId: string) =>
  `${kind}\u0000${start}\u0000${end}\u0000${originId}`;

/**
 * A sample's stored identity (canonical kind, start, end, origin id as the store keys it), for
 * `deleteMissing`'s `seen`; undefined when the sample would be rejected.
 */
export function identityOf(sample: NewSample): string | undefined {
  const row = prepareSample(sample);
  return isProblem(row) ? undefined : identityKey(row.kind, row.start_at, row.end_at, row.origin_id);
}

/**
 * What a source's deletion takes: everything of the source, or only what its sandbox connection wrote
 * (the sandbox path, sample-paths.ts), so generated data never takes the person's own files with it.
 */
export interface DeleteOptions {
  sandboxOnly?: boolean;
}

/**
 * Edits and deletions of stored samples (manual entries, a provider's deletions, a disconnect), and the
 * merged rows made again when the person's sandbox preference changes; new samples come through
 * SampleWriter. Daily rollups stay true whatever changed: each call is one transaction.
 */
export class SampleStore {
  constructor(
    private readonly db: Db,
    private readonly bulk: SampleBulkIO,
  ) {}

  /**
   * After the person turned `includeSandboxData` on or off: the merged rows of every day a sandbox
   * stream recorded are made again (copied or merged from their streams), a month of one kind per
   * transaction. Answers how many days of a kind were made again.
   */
  async remergeSandboxDays(userId: string): Promise<number> {
    const found = await new RollupsRepository(this.db.kysely, this.db.dialect).sandboxDays(userId);
    const days: DaysByKind = new Map();
    for (const d of found) addDay(days, d.kind, d.local_day);
    for (const [kind, set] of days) {
      const sorted = [...set].sort((a, b) => a - b);
      for (let i = 0; i < sorted.length; i += MERGE_SPAN) {
        const part = sorted.slice(i, i + MERGE_SPAN);
        await this.db.kysely.transaction().execute(async (trx) => {
          await lockUserWrites(trx, this.db.dialect, userId);
          await new RollupMaintainer(trx, this.db, this.bulk, userId).refreshMergedFromStreams(kind, part);
        });
      }
    }
    return found.length;
  }

  /** Writes validated rows one by one (a manual entry, a blood pressure pair) and answers them with ids. */
  async create(userId: string, rows: readonly SampleRow[]): Promise<StoredSampleRow[]> {
    return this.db.kysely.transaction().execute(async (trx) => {
      await lockUserWrites(trx, this.db.dialect, userId);
      const repo = new SamplesRepository(trx);
      const stored: StoredSampleRow[] = [];
      for (const row of rows) stored.push(await repo.insertOne(userId, row));
      await this.refresh(trx, userId, stored, []);
      return stored;
    });
  }

  /** Replaces stored samples (by id) with new rows; the days they left and joined are recomputed. */
  async update(
    userId: string,
    changes: readonly { before: StoredSampleRow; row: SampleRow }[],
  ): Promise<StoredSampleRow[]> {
    return this.db.kysely.transaction().execute(async (trx) => {
      await lockUserWrites(trx, this.db.dialect, userId);
      const repo = new SamplesRepository(trx);
      const stored: StoredSampleRow[] = [];
      for (const { before, row } of changes) {
        const updated = await repo.update(userId, before.id, row);
        if (updated) stored.push(updated);
      }
      await this.refresh(
        trx,
        userId,
        stored,
        changes.map((c) => c.before),
      );
      return stored;
    });
  }

  async delete(userId: string, samples: readonly StoredSampleRow[]): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      await lockUserWrites(trx, this.db.dialect, userId);
      await new SamplesRepository(trx).delete(
        userId,
        samples.map((s) => s.id),
      );
      await this.refresh(trx, userId, [], samples);
    });
  }

  /**
   * Deletes the samples of `source` that the provider says it deleted (a Withings weigh-in removed, a
   * FHIR resource `entered-in-error`), by origin id within the given kinds; answers how many went.
   */
  async deleteOrigins(
    userId: string,
    source: string,
    kinds: readonly string[],
    originIds: readonly string[],
    { sandboxOnly = false }: DeleteOptions = {},
  ): Promise<number> {
    if (kinds.length === 0 || originIds.length === 0) return 0;
    return this.db.kysely.transaction().execute(async (trx) => {
      await lockUserWrites(trx, this.db.dialect, userId);
      let deleted = 0;
      const days: DaysByKind = new Map();
      for (let i = 0; i < originIds.length; i += 500) {
        const part = originIds.slice(i, i + 500);
        const gone = await trx
          .deleteFrom('samples')
          .where('user_no', '=', userNo(userId))
          .where('kind', 'in', kinds)
          .where('source', '=', source)
          .where('origin_id', 'in', part)
          .$if(sandboxOnly, (q) => q.where('device', 'like', SANDBOX_DEVICE_LIKE))
          .returning(['kind', 'local_day'])
          .execute();
        deleted += gone.length;
        for (const g of gone) addDay(days, g.kind, g.local_day);
      }
      const maintainer = new RollupMaintainer(trx, this.db, this.bulk, userId);
      for (const [kind, set] of days) await maintainer.refreshDays(kind, [...set]);
      return deleted;
    });
  }

  /**
   * After a provider's window was fetched again in full: deletes the samples of `source` and `kinds`
   * starting within [from, to) whose identity (`identityOf`) is not in `seen` — the provider no longer
   * has them (a deleted record, a night re-scored with another end). Answers how many went.
   */
  async deleteMissing(
    userId: string,
    source: string,
    kinds: readonly string[],
    from: number,
    to: number,
    seen: ReadonlySet<string>,
    { sandboxOnly = false }: DeleteOptions = {},
  ): Promise<number> {
    if (kinds.length === 0 || to <= from) return 0;
    return this.db.kysely.transaction().execute(async (trx) => {
      await lockUserWrites(trx, this.db.dialect, userId);
      const stored = await trx
        .selectFrom('samples')
        .select(['id', 'kind', 'start_at', 'end_at', 'origin_id', 'local_day', 'device'])
        .where('user_no', '=', userNo(userId))
        .where('kind', 'in', kinds)
        .where('start_at', '>=', from)
        .where('start_at', '<', to)
        .where('source', '=', source)
        .$if(sandboxOnly, (q) => q.where('device', 'like', SANDBOX_DEVICE_LIKE))
        .execute();
      // Only what the sync itself writes can be missing from its answer: readings of the source that
      // came by another path (an imported file of the Oura app) are not the API's to take back.
      const ownPath = sandboxOnly ? SANDBOX_PATH : null;
      const missing = stored.filter(
        (r) =>
          pathOf(r.device) === ownPath &&
          !seen.has(identityKey(r.kind, Number(r.start_at), Number(r.end_at), r.origin_id)),
      );
      if (missing.length === 0) return 0;
      const repo = new SamplesRepository(trx);
      for (let i = 0; i < missing.length; i += 500) {
        await repo.delete(
          userId,
          missing.slice(i, i + 500).map((r) => Number(r.id)),
        );
      }
      const days: DaysByKind = new Map();
      for (const r of missing) addDay(days, r.kind, r.local_day);
      const maintainer = new RollupMaintainer(trx, this.db, this.bulk, userId);
      for (const [kind, set] of days) await maintainer.refreshDays(kind, [...set]);
      return missing.length;
    });
  }

  /**
   * Deletes every sample one source wrote (a disconnect that asks to delete the data); its days are
   * recomputed. `sandboxOnly`: only what a sandbox connection of the source wrote (sample-paths.ts), so
   * the person's own files of that source stay.
   */
  deleteSource(userId: string, source: string, options: DeleteOptions = {}): Promise<number> {
    return this.deleteWhere(userId, source, undefined, options);
  }

  /** Deletes one source's samples of some kinds starting within [from, to] (a replayed page's window). */
  async deleteWindow(
    userId: string,
    source: string,
    kinds: readonly string[],
    from: number,
    to: number,
    options: DeleteOptions = {},
  ): Promise<number> {
    return kinds.length === 0 ? 0 : this.deleteWhere(userId, source, { kinds, from, to }, options);
  }

  /** Deletes a source's samples (optionally of some kinds within a span) and recomputes the days they left. */
  private async deleteWhere(
    userId: string,
    source: string,
    within: { kinds: readonly string[]; from: number; to: number } | undefined,
    { sandboxOnly = false }: DeleteOptions,
  ): Promise<number> {
    return this.db.kysely.transaction().execute(async (trx) => {
      await lockUserWrites(trx, this.db.dialect, userId);
      const match = (eb: ExpressionBuilder<Database, 'samples'>) =>
        eb.and([
          eb('user_no', '=', userNo(userId)),
          eb('source', '=', source),
          ...(sandboxOnly ? [eb('device', 'like', SANDBOX_DEVICE_LIKE)] : []),
          ...(within
            ? [
                eb('kind', 'in', within.kinds),
                eb('start_at', '>=', within.from),
                eb('start_at', '<=', within.to),
              ]
            : []),
        ]);
      const touched = await trx
        .selectFrom('samples')
        .select(['kind', 'local_day'])
        .distinct()
        .where(match)
        .execute();
      const result = await trx.deleteFrom('samples').where(match).executeTakeFirst();
      const days: DaysByKind = new Map();
      for (const t of touched) addDay(days, t.kind, t.local_day);
      const maintainer = new RollupMaintainer(trx, this.db, this.bulk, userId);
      for (const [kind, set] of days) await maintainer.refreshDays(kind, [...set]);
      return Number(result.numDeletedRows);
    });
  }

  private async refresh(
    trx: Db['kysely'],
    userId: string,
    ...groups: readonly (readonly StoredSampleRow[])[]
  ): Promise<void> {
    const days: DaysByKind = new Map();
    for (const group of groups) for (const s of group) addDay(days, s.kind, s.local_day);
    const maintainer = new RollupMaintainer(trx, this.db, this.bulk, userId);
    for (const [kind, set] of days) await maintainer.refreshDays(kind, [...set]);
  }
}
