import type { SampleBulkIO } from '../../../db/bulk-io';
import type { Db } from '../../../db/database';
import { letOthersIn } from '../../../db/slices';
import { findUserNo } from '../../../db/user-number';
import type { PackedRows } from '../packed-rows';
import { prepareBatch, type PreparedBatch, type RejectedSample } from '../prepared-batch';
import type { RollupValues } from '../rollups.repository';
import type { NewSample } from '../sample-row';
import { addDay, aggregateInto, HELD_MERGE_SPAN, lockUserWrites, type DaysByKind } from './day-aggregates';
import type { HeldSamples } from './held-samples';
import type { PendingDays } from './pending-days';
import { RollupMaintainer } from './rollup-maintainer';
import { COPY_MIN_ROWS, copyNewRows } from './sample-copy';
import { INSERT_CHUNK, writeSampleRows } from './sample-insert';

/**
 * Runs inside the batch's transaction, after its rows: an import records its progress here (a sync its
 * cursor), so the progress and the rows it counts commit together or not at all.
 */
export type AfterWrite = (trx: Db['kysely'], result: WriteResult) => Promise<void>;

export interface WriteResult {
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

/** Samples as given, or prepared already (an import prepares its batches in its parsing worker). */
export type SampleBatch = readonly NewSample[] | PreparedBatch;

/**
 * What a bulk session (sample-writer.ts) lends each of its batches: days whose priority merge waits for
 * the session's end, kept in `rollup_pending_days` under the session's origin, and its held samples.
 */
export interface Deferral {
  /** The days this session deferred and has not merged yet (its rows of `rollup_pending_days`). */
  days: DaysByKind;
  /** The session's own samples: the days they alone make up are merged from memory. */
  held: HeldSamples | undefined;
  pending: PendingDays;
}

function kindsOf(rows: PackedRows, from = 0, to = rows.length): Set<string> {
  const kinds = new Set<string>();
  for (let i = from; i < to; i++) kinds.add(rows.kind(i));
  return kinds;
}

const isPrepared = (samples: SampleBatch): samples is PreparedBatch => !Array.isArray(samples);

/**
 * Writes a batch idempotently, as insert-or-replace by identity, in one transaction. Rows go in multi-row
 * chunks (on PostgreSQL, rows that cannot be stored already go in by COPY first: `copyNewRows`); the
 * rollups of fully new chunks are added from memory in one upsert per batch, and only days touched by
 * partly duplicate or revised chunks are recomputed from the table. With a `deferral`, days that now
 * have several streams are kept for the session's end instead of merged now.
 */
export async function writeBatch(
  db: Db,
  bulk: SampleBulkIO,
  userId: string,
  samples: SampleBatch,
  afterWrite?: AfterWrite,
  deferral?: Deferral,
): Promise<WriteResult> {
  const { rows, rejected } = isPrepared(samples) ? samples : prepareBatch(samples);
  if (rows.length === 0 && !afterWrite) return { inserted: 0, updated: 0, duplicates: 0, rejected };

  const chunk = INSERT_CHUNK[db.dialect];
  const held = deferral?.held;
  await letOthersIn();
  // Days merged from held samples leave `deferral.days`; if the transaction fails they go back.
  const mergedHere: DaysByKind = new Map();
  // Days this batch defers: added to `deferral.days` once it commits.
  const deferredHere: DaysByKind = new Map();
  return db.kysely
    .transaction()
    .execute(async (trx) => {
      let inserted = 0;
      let updated = 0;
      if (rows.length > 0) {
        await lockUserWrites(trx, db.dialect, userId);
        // A bulk session's progress commits with its rows: its batches need not wait for the disk.
        if (deferral) await bulk.commitLazily?.(trx);
        const owner = await findUserNo(trx, userId);
        const added = new Map<string, RollupValues>();
        // Stream rows of the rows COPY wrote: no stored row has their keys (copyNewRows).
        let fresh: Map<string, RollupValues> | undefined;
        const stale: DaysByKind = new Map();
        // Rows written chunk by chunk below: all of them, but on PostgreSQL those COPY left (copyNewRows).
        let pending = rows;
        if (bulk.copyIn && rows.length >= COPY_MIN_ROWS) {
          const streams = new Map<string, RollupValues>();
          aggregateInto(streams, rows, 0, rows.length);
          const copy = await copyNewRows(trx, bulk.copyIn, owner, rows, streams);
          if (copy) {
            inserted = copy.copied.length;
            fresh = copy.streams;
            held?.add(copy.copied, 0, copy.copied.length);
            pending = copy.left;
          }
        }
        for (let from = 0; from < pending.length; from += chunk) {
          // Reads of other requests run on their own connection meanwhile (db/sqlite/sqlite-driver.ts).
          await letOthersIn();
          const to = Math.min(pending.length, from + chunk);
          const n = await writeSampleRows(trx, db.dialect, 'insert', owner, pending, from, to);
          inserted += n;
          if (n === to - from) {
            aggregateInto(added, pending, from, to);
            held?.add(pending, from, to);
          } else {
            // Some rows were stored already: those whose value changed are revisions.
            const revised = await writeSampleRows(trx, db.dialect, 'revise', owner, pending, from, to);
            updated += revised;
            held?.drop(kindsOf(pending, from, to));
            if (n > 0 || revised > 0) {
              for (let i = from; i < to; i++) addDay(stale, pending.kind(i), pending.localDay(i));
            }
          }
        }
        const maintainer = new RollupMaintainer(trx, db, bulk, userId, owner);
        if (inserted > 0 || updated > 0) {
          await maintainer.afterInsert(added, stale, deferral ? deferredHere : undefined, fresh);
        }
        if (deferral) {
          await deferral.pending.add(trx, owner, deferredHere);
          // A kind this batch no longer brings has ended its run: its held days are merged now, so the
          // import holds one kind at a time (Apple Health lists its records type by type).
          if (held) {
            for (const kind of held.endedRuns(kindsOf(rows))) {
              await mergeHeld(db, trx, maintainer, owner, kind, deferral, held, mergedHere);
            }
          }
        }
      }
      const result = { inserted, updated, duplicates: rows.length - inserted - updated, rejected };
      if (afterWrite) await afterWrite(trx, result);
      return result;
    })
    .then(
      (result) => {
        for (const [kind, days] of deferredHere) for (const day of days) addDay(deferral!.days, kind, day);
        return result;
      },
      (error: unknown) => {
        for (const [kind, days] of mergedHere) for (const day of days) addDay(deferral!.days, kind, day);
        throw error;
      },
    );
}

/**
 * Merges the days of `kind` that `held` makes up whole (they leave the session's pending days, in memory
 * and in the table, and are noted in `merged`); frees the kind.
 */
async function mergeHeld(
  db: Db,
  trx: Db['kysely'],
  maintainer: RollupMaintainer,
  owner: number,
  kind: string,
  deferral: Deferral,
  held: HeldSamples,
  merged: DaysByKind,
): Promise<void> {
  const pending = deferral.days.get(kind);
  if (pending) {
    const sorted = [...pending].sort((a, b) => a - b);
    const span = HELD_MERGE_SPAN[db.dialect];
    for (let i = 0; i < sorted.length; i += span) {
      await letOthersIn();
      const part = sorted.slice(i, i + span);
      const left = new Set(await maintainer.mergeHeldDays(kind, part, held));
      const done = part.filter((day) => !left.has(day));
      await deferral.pending.remove(trx, owner, kind, done);
      for (const day of done) {
        pending.delete(day);
        addDay(merged, kind, day);
      }
    }
    if (pending.size === 0) deferral.days.delete(kind);
  }
  held.release(kind);
}
