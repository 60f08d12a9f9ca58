import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

const WORKER_URL = new URL('./checkpoint-worker.mjs', import.meta.url);

/** SQLite's default: a commit that leaves the WAL past this many pages copies it back itself. */
const AUTO_CHECKPOINT_PAGES = 1000;

export interface CheckpointLimits {
  /** A held WAL past this size is checkpointed before the writer goes on (see `bound`). */
  walBytes: number;
  /** A WAL below this size is checkpointed on this thread: a few milliseconds, less than starting a worker. */
  inlineBelowBytes: number;
}

const DEFAULT_CHECKPOINT_LIMITS: CheckpointLimits = {
  walBytes: 512 * 1024 * 1024,
  inlineBelowBytes: 8 * 1024 * 1024,
};

/**
 * When SQLite's write-ahead log is copied back into the database file. Left to itself, SQLite copies
 * it inside whichever commit takes it past 1 000 pages; during a bulk import those copies (each with two
 * fsyncs) take ~15 % of the writing thread's time. While an import `hold`s them off, the WAL grows
 * instead — the rows are as durable and as readable there — up to `walBytes`; when it passes that, and
 * when the import ends, a worker thread copies it back on a connection of its own, so the event loop
 * never waits on the copy. The connection's `journal_size_limit` shrinks the WAL file again once SQLite
 * starts it over.
 */
export class Checkpoints {
  private holders = 0;
  /** The copy under way. */
  private running: Promise<void> | undefined;
  /** The copy after the last holder, until SQLite's own checkpoints are back on. */
  private releasing: Promise<void> | undefined;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly file: string,
    /** Told when a checkpoint fails (full disk): the WAL keeps the rows and is copied back later. */
    private readonly onError: (error: unknown) => void,
    private readonly limits: CheckpointLimits = DEFAULT_CHECKPOINT_LIMITS,
    /** DATABASE_ENCRYPTION_KEY, for the worker's own connection. */
    private readonly key?: string,
  ) {}

  /** Runs `work` with checkpoints held off; once no work holds them, the WAL is copied back. */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    const release = this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }

  /**
   * Holds checkpoints off until the answered function is called (a second call does nothing): for a
   * holder whose work is not one callback (a write session, from its begin to its finish or abort).
   */
  acquire(): () => void {
    if (this.holders++ === 0) this.setAutoCheckpoint(0);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      if (--this.holders === 0) {
        const releasing = this.release().finally(() => {
          if (this.releasing === releasing) this.releasing = undefined;
        });
        this.releasing = releasing;
      }
    };
  }

  /** Between a holder's transactions: a WAL grown past `walBytes` is copied back before it goes on. */
  async bound(): Promise<void> {
    if (this.walBytes() > this.limits.walBytes) await this.checkpoint();
  }

  /** Resolves once no checkpoint is running (shutdown, tests). */
  async idle(): Promise<void> {
    for (let busy = this.running ?? this.releasing; busy; busy = this.running ?? this.releasing) await busy;
  }

  private async release(): Promise<void> {
    await this.checkpoint();
    // Until the copy is done, a commit must not start one of its own on this thread.
    if (this.holders === 0) this.setAutoCheckpoint(AUTO_CHECKPOINT_PAGES);
  }

  /** The copy under way, or a new one; a failure is reported, never thrown (the WAL still holds the rows). */
  private checkpoint(): Promise<void> {
    this.running ??= this.copyBack()
      .catch(this.onError)
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async copyBack(): Promise<void> {
    if (!this.sqlite.open) return;
    // A transaction another request holds open on this connection would make an inline checkpoint fail.
    if (this.walBytes() < this.limits.inlineBelowBytes && !this.sqlite.inTransaction) {
      this.sqlite.pragma('wal_checkpoint(PASSIVE)');
      return;
    }
    // Done when the worker has ended, its connection closed too: the server's own close, if it follows,
    // is then the last connection's, which copies what is left and removes the WAL.
    await new Promise<void>((resolve, reject) => {
      const worker = new Worker(WORKER_URL, { workerData: { file: this.file, key: this.key }, execArgv: [] });
      // What the worker threw crosses as a plain object; it is kept as the cause of a readable error.
      let cause: unknown;
      worker.once('error', (error) => (cause = error));
      worker.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`The checkpoint worker stopped (code ${code})`, { cause })),
      );
    });
  }

  private walBytes(): number {
    try {
      return fs.statSync(`${this.file}-wal`).size;
    } catch {
      return 0;
    }
  }

  private setAutoCheckpoint(pages: number): void {
    if (this.sqlite.open) this.sqlite.pragma(`wal_autocheckpoint = ${pages}`);
  }
}
