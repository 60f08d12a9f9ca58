import type { SampleBulkIO } from '../../../db/bulk-io';
import type { Db } from '../../../db/database';
import { letOthersIn } from '../../../db/slices';
import { findUserNo } from '../../../db/user-number';
import { lockUserWrites, MERGE_SPAN, type DaysByKind } from './day-aggregates';
import { HeldSamples } from './held-samples';
import { PendingDays } from './pending-days';
import { RollupMaintainer } from './rollup-maintainer';
import {
  writeBatch,
  type AfterWrite,
  type Deferral,
  type SampleBatch,
  type WriteResult,
} from './write-batch';

/**
 * Who writes a session's samples. An import (`{ kind: 'import', id }`) is a bulk writer: see
 * `WriteSession`. The others write batch by batch, each merged as it commits.
 */
export type WriteOrigin =
  { kind: 'import' | 'sync' | 'review'; id: string } | { kind: 'ingest' | 'entry' | 'replay' | 'seed' };

/** The origin as `rollup_pending_days` keeps it: `import:<id>`. */
export const originKey = (origin: WriteOrigin): string =>
  'id' in origin ? `${origin.kind}:${origin.id}` : origin.kind;

export interface WriterOptions {
  /**
   * Whether a bulk session holds its samples to merge their days from memory (HeldSamples); without,
   * every deferred day is read back. Tests compare the two. Held by default: the 1 M-Record import,
   * alternating runs on a quiet machine, took a median 9.4 s with against 10.6 s without on SQLite
   * (five rounds; its peak ~10 MB higher) and 18.4 s against 23.0 s on PostgreSQL (two rounds).
   */
  holdSamples?: boolean;
}

export interface WriteOptions {
  afterWrite?: AfterWrite;
}

/**
 * The one door through which new samples are written — by importers, connectors, the ingest API, a
 * confirmed report and the demo seed — so daily rollups stay true whatever wrote. (Edits and deletions
 * of stored samples are SampleStore's.) Each batch is one transaction.
 *
 * `writeOnce` writes one batch; `begin` opens a session for a writer of many batches.
 */
export class SampleWriter {
  constructor(
    private readonly db: Db,
    private readonly bulk: SampleBulkIO,
    private readonly options: WriterOptions = {},
  ) {}

  /** A session of `origin` writing samples of `userId`; see WriteSession. */
  begin(userId: string, origin: WriteOrigin): WriteSession {
    return new WriteSession(this.db, this.bulk, userId, origin, this.options.holdSamples ?? true);
  }

  /** Writes one batch, its days merged as it commits; `afterWrite` runs inside its transaction. */
  writeOnce(userId: string, samples: SampleBatch, afterWrite?: AfterWrite): Promise<WriteResult> {
    return writeBatch(this.db, this.bulk, userId, samples, afterWrite);
  }
}

/**
 * The batches of one writer. A bulk session (an import) puts off the priority merge of days with several
 * streams to its end — a large import then reads each such day back once, not once per batch that
 * touched it — keeping them in `rollup_pending_days` under its origin, written in each batch's
 * transaction; `finish` merges them, and a session begun again with the same origin (an import resumed
 * after a crash or a hand-back) finds those its earlier run left. It holds its own samples
 * (HeldSamples), so most of those days merge from memory as each kind's run ends. On SQLite it holds off
 * WAL checkpoints from `begin` until `finish` or `abort` (db/sqlite/checkpoints.ts, through SampleBulkIO), bounding the WAL between
 * batches.
 */
export class WriteSession {
  private readonly deferral: Deferral | undefined;
  private releaseCheckpoints: (() => void) | undefined;
  private ended = false;

  constructor(
    private readonly db: Db,
    private readonly bulk: SampleBulkIO,
    private readonly userId: string,
    origin: WriteOrigin,
    holdSamples: boolean,
  ) {
    if (origin.kind !== 'import') return;
    const held = holdSamples ? new HeldSamples() : undefined;
    this.deferral = { days: new Map(), held, pending: new PendingDays(originKey(origin)) };
    this.releaseCheckpoints = bulk.holdCheckpoints();
  }

  /** Writes one batch (one transaction); `afterWrite` runs inside it, after its rows. */
  async write(samples: SampleBatch, { afterWrite }: WriteOptions = {}): Promise<WriteResult> {
    if (this.ended) throw new Error('This write session has ended');
    if (this.deferral) await this.bulk.boundCheckpoints();
    try {
      return await writeBatch(this.db, this.bulk, this.userId, samples, afterWrite, this.deferral);
    } catch (error) {
      // What a failed batch held may not have committed: its days are read back instead.
      if (this.deferral) this.deferral.held = undefined;
      throw error;
    }
  }

  /**
   * Runs the merges the session put off — of its earlier runs too — a month of one kind per transaction,
   * so other requests are never held up for long: from the held samples where they make up the day,
   * read back from the table otherwise. Each transaction takes its days off `rollup_pending_days`. Then
   * the session ends.
   */
  async finish(): Promise<void> {
    if (this.ended) return;
    // A merge that fails leaves the session open: `finish` may be tried again, or the session aborted.
    if (this.deferral) await this.mergePending(this.deferral);
    this.abort();
  }

  /**
   * Ends the session without its merges (an import stopped to be resumed): its pending days stay in the
   * table for the next session of its origin. A session finished already is left as it is.
   */
  abort(): void {
    this.ended = true;
    if (this.deferral) this.deferral.held = undefined;
    this.releaseCheckpoints?.();
    this.releaseCheckpoints = undefined;
  }

  private async mergePending({ pending, held }: Deferral): Promise<void> {
    const days: DaysByKind = await pending.list(this.db.kysely, this.userId);
    for (const [kind, set] of days) {
      const sorted = [...set].sort((a, b) => a - b);
      for (let i = 0; i < sorted.length; i += MERGE_SPAN) {
        const part = sorted.slice(i, i + MERGE_SPAN);
        await letOthersIn();
        await this.db.kysely.transaction().execute(async (trx) => {
          await lockUserWrites(trx, this.db.dialect, this.userId);
          const owner = await findUserNo(trx, this.userId);
          const maintainer = new RollupMaintainer(trx, this.db, this.bulk, this.userId, owner);
          const left = held ? await maintainer.mergeHeldDays(kind, part, held) : part;
          await maintainer.remergeDays(kind, left);
          await pending.remove(trx, owner, kind, part);
        });
      }
    }
    this.deferral!.days.clear();
  }
}
