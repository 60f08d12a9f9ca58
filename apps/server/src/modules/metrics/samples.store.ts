import { pathOf, SANDBOX_DEVICE_LIKE, SANDBOX_PATH } from '@healthfolio/core';
import type { Database } from '../../db/schema';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { letOthersIn } from '../../db/slices';
import { findUserNo, userNo } from '../../db/user-number';
import { RollupsRepository, type RollupValues } from './rollups.repository';
import type { HeldSamples } from './held-samples';
import {
  addDay,
  aggregateInto,
  lockUserWrites,
  HELD_MERGE_SPAN,
  MERGE_SPAN,
  RollupMaintainer,
  type DaysByKind,
} from './rollups';
import {
  COPY_MIN_ROWS,
  copyNewRows,
  INSERT_CHUNK,
  insertSampleRows,
  reviseSampleRows,
} from './sample-insert';
import type { PackedRows } from './packed-rows';
import { prepareBatch, type PreparedBatch, type RejectedSample } from './prepared-batch';
import { isProblem, prepareSample, type NewSample, type SampleRow } from './sample-row';
import { SamplesRepository, type StoredSampleRow } from './samples.repository';

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

function kindsOf(rows: PackedRows, from = 0, to = rows.length): Set<string> {
  const kinds = new Set<string>();
  for (let i = from; i < to; i++) kinds.add(rows.kind(i));
  return kinds;
}

const isPrepared = (samples: readonly NewSample[] | PreparedBatch): samples is PreparedBatch =>
  !Array.isArray(samples);

/**
 * Runs inside the batch's transaction, after its rows: an import records its progress here, so the
 * progress and the rows it counts commit together or not at all.
 */
export type AfterWrite = (trx: Db['kysely'], result: InsertBatchResult) => Promise<void>;

export interface InsertBatchResult {
  inserted: number;
  /**
   * Stored already with the same identity (user, kind, start, end, source, origin) and another value,
   * unit or flag, now replaced (with its meta) by this write: a revision.
   */
  updated: number;
  /** Already stored exactly so: a re-import adds nothing. */
  duplicates: number;
  /** Refused as data, never thrown: unknown kind, unknown or incompatible unit, impossible value. */
  rejected: RejectedSample[];
}

/**
 * What a source's deletion takes: everything of the source, or only what its sandbox connection wrote
 * (the sandbox path, sample-paths.ts), so generated data never takes the person's own files with it.
 */
export interface DeleteOptions {
  sandboxOnly?: boolean;
}

/** Days whose priority merge an import puts off to its end (see `SampleStore.remerge`). */
export interface DeferredMerges {
  days: DaysByKind;
  /** The import's own samples: the days they alone make up are merged from memory. */
  held?: HeldSamples;
}

/**
 * The one way samples are written — by importers, connectors and manual entry — so daily rollups
 * stay true whatever wrote. Each call is one transaction.
 */
export class SampleStore {
  constructor(private readonly db: Db) {}

  /**
   * Writes a batch idempotently, as insert-or-replace by identity. Rows go in multi-row chunks (on
   * PostgreSQL, rows that cannot be stored already go in by COPY first: `copyNewRows`); the rollups of
   * fully new chunks are added from memory in one upsert per batch, and only days touched by partly
   * duplicate or revised chunks are recomputed from the table.
   */
  async insertBatch(
    userId: string,
    /** Samples as given, or prepared already (an import prepares its batches in its parsing worker). */
    samples: readonly NewSample[] | PreparedBatch,
    afterWrite?: AfterWrite,
    /** Collects days with several streams instead of merging them now; see `remerge`. */
    deferred?: DeferredMerges,
  ): Promise<InsertBatchResult> {
    const { rows, rejected } = isPrepared(samples) ? samples : prepareBatch(samples);
    if (rows.length === 0 && !afterWrite) return { inserted: 0, updated: 0, duplicates: 0, rejected };

    const chunk = INSERT_CHUNK[this.db.dialect];
    const held = deferred?.held;
    await letOthersIn();
    // Days merged from held samples leave `deferred.days`; if the transaction fails they go back.
    const mergedHere: DaysByKind = new Map();
    return this.db.kysely
      .transaction()
      .execute(async (trx) => {
        let inserted = 0;
        let updated = 0;
        if (rows.length > 0) {
          await lockUserWrites(trx, this.db.dialect, userId);
          const owner = await findUserNo(trx, userId);
          let added = new Map<string, RollupValues>();
          const stale: DaysByKind = new Map();
          // Rows written chunk by chunk below: all of them, but on PostgreSQL those COPY left (copyNewRows).
          let pending = rows;
          if (this.db.copyIn && rows.length >= COPY_MIN_ROWS) {
            const streams = new Map<string, RollupValues>();
            aggregateInto(streams, rows, 0, rows.length);
            const copy = await copyNewRows(trx, this.db.copyIn, owner, rows, streams);
            if (copy) {
              inserted = copy.copied.length;
              added = copy.streams;
              held?.add(copy.copied, 0, copy.copied.length);
              pending = copy.left;
            }
          }
          for (let from = 0; from < pending.length; from += chunk) {
            // Reads of other requests run on their own connection meanwhile (db/sqlite-driver.ts).
            await letOthersIn();
            const to = Math.min(pending.length, from + chunk);
            const n = await insertSampleRows(trx, this.db.dialect, owner, pending, from, to);
            inserted += n;
            if (n === to - from) {
              aggregateInto(added, pending, from, to);
              held?.add(pending, from, to);
            } else {
              // Some rows were stored already: those whose value changed are revisions.
              const revised = await reviseSampleRows(trx, this.db.dialect, owner, pending, from, to);
              updated += revised;
              held?.drop(kindsOf(pending, from, to));
              if (n > 0 || revised > 0) {
                for (let i = from; i < to; i++) addDay(stale, pending.kind(i), pending.localDay(i));
              }
            }
          }
          const maintainer = new RollupMaintainer(trx, this.db, userId, owner);
          if (inserted > 0 || updated > 0) await maintainer.afterInsert(added, stale, deferred?.days);
          // A kind this batch no longer brings has ended its run: its held days are merged now, so the
          // import holds one kind at a time (Apple Health lists its records type by type).
          if (held && deferred) {
            for (const kind of held.endedRuns(kindsOf(rows))) {
              await this.mergeHeld(maintainer, kind, deferred.days, held, mergedHere);
            }
          }
        }
        const result = { inserted, updated, duplicates: rows.length - inserted - updated, rejected };
        if (afterWrite) await afterWrite(trx, result);
        return result;
      })
      .catch((error: unknown) => {
        for (const [kind, days] of mergedHere) for (const day of days) addDay(deferred!.days, kind, day);
        throw error;
      });
  }

  /** Merges the days of `kind` that `held` makes up whole (moved from `days` to `merged`); frees the kind. */
  private async mergeHeld(
    maintainer: RollupMaintainer,
    kind: string,
    days: DaysByKind,
    held: HeldSamples,
    merged: DaysByKind,
  ): Promise<void> {
    const pending = days.get(kind);
    if (pending) {
      const sorted = [...pending].sort((a, b) => a - b);
      const span = HELD_MERGE_SPAN[this.db.dialect];
      for (let i = 0; i < sorted.length; i += span) {
        await letOthersIn();
        const part = sorted.slice(i, i + span);
        const left = new Set(await maintainer.mergeHeldDays(kind, part, held));
        for (const day of part) {
          if (left.has(day)) continue;
          pending.delete(day);
          addDay(merged, kind, day);
        }
      }
      if (pending.size === 0) days.delete(kind);
    }
    held.release(kind);
  }

  /**
   * Runs the priority merge for days whose merge `insertBatch` deferred, a month of one kind per
   * transaction, so other requests are never held up for long: from the import's held samples where
   * they make up the day, read back from the table otherwise.
   */
  async remerge(userId: string, days: DaysByKind, held?: HeldSamples): Promise<void> {
    for (const [kind, set] of days) {
      const sorted = [...set].sort((a, b) => a - b);
      for (let i = 0; i < sorted.length; i += MERGE_SPAN) {
        const part = sorted.slice(i, i + MERGE_SPAN);
        await letOthersIn();
        await this.db.kysely.transaction().execute(async (trx) => {
          await lockUserWrites(trx, this.db.dialect, userId);
          const maintainer = new RollupMaintainer(trx, this.db, userId);
          const left = held ? await maintainer.mergeHeldDays(kind, part, held) : part;
          await maintainer.remergeDays(kind, left);
        });
      }
    }
  }

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
          await new RollupMaintainer(trx, this.db, userId).refreshMergedFromStreams(kind, part);
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
      const maintainer = new RollupMaintainer(trx, this.db, userId);
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
      const maintainer = new RollupMaintainer(trx, this.db, userId);
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
      const maintainer = new RollupMaintainer(trx, this.db, userId);
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
    const maintainer = new RollupMaintainer(trx, this.db, userId);
    for (const [kind, set] of days) await maintainer.refreshDays(kind, [...set]);
  }
}
