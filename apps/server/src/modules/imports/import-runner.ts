import { rm, stat } from 'node:fs/promises';
import { getImporter, ImportFormatError, isReviewImporter, type ImportContext } from '@healthfolio/importers';
import type { Job } from '../../jobs';
import { upsertClinicalRecords } from '../clinical';
import { upsertWorkoutTracks, type WriteSession } from '../metrics';
import {
  inBatches,
  readHere,
  type BatchLimits,
  type ChunkSourceInput,
  type ImportBatch,
} from './chunk-source';
import {
  describeFailure,
  IMPORT_EXPIRE_SECONDS,
  IMPORT_QUEUE,
  IMPORT_RETRY,
  type ImportJobData,
  type ImportRunnerDeps,
} from './import-job';
import { ImportProgress } from './import-progress';
import { ImportsRepository, type ImportRow } from './imports.repository';
import { readReportForReview } from './report-import';
import type { ImportRunEvents } from '../webhooks';
import { ParsingWorkers, readInWorker } from './worker-source';

/** Samples written per transaction: large enough to amortise the commit, small enough to show progress. */
const WRITE_BATCH = 20_000;
/** Clinical-view records (FHIR imports) held before they are written with a batch. */
const CLINICAL_BATCH = 2_000;
/** A batch also ends after this long, so progress is saved while records give no samples to write. */
const PROGRESS_EVERY_MS = 1_000;

/**
 * Runs imports as jobs of the queue (`imports.run`), one at a time on each instance: the upload is
 * stored under DATA_DIR (shared by every instance) and queued, and whichever instance asks first takes
 * it. Progress and the rows it counts commit together, so a job taken up again — after its instance
 * died (another instance, once pg-boss's heartbeat lapses), was stopped (handed back), or restarted —
 * skips the samples already written (importers yield in a fixed order) and ends with the rows and counts
 * of one uninterrupted run.
 */
export class ImportRunner {
  private readonly repo: ImportsRepository;
  private readonly queueing = new Set<Promise<unknown>>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly abort = new AbortController();
  private readonly workers = new ParsingWorkers();

  constructor(private readonly deps: ImportRunnerDeps) {
    this.repo = new ImportsRepository(deps.db.kysely);
  }

  /** Queues the import's job; resolves once it is stored (a job already waiting for it stands). */
  async enqueue(id: string): Promise<void> {
    if (this.abort.signal.aborted) return;
    const queued = this.deps.queue
      .enqueue<ImportJobData>(
        IMPORT_QUEUE,
        { importId: id },
        { singletonKey: id, expireInSeconds: IMPORT_EXPIRE_SECONDS, retry: IMPORT_RETRY },
      )
      .catch((error: unknown) =>
        // The import stays queued; `resume()` at the next start queues it again.
        this.deps.log.error({ err: error, importId: id }, 'queueing an import failed'),
      )
      .finally(() => this.queueing.delete(queued));
    this.queueing.add(queued);
    await queued;
  }

  /** Takes the queue's import jobs on this instance, and queues the imports a stop left unfinished. */
  async start(): Promise<void> {
    await this.deps.queue.work<ImportJobData>(IMPORT_QUEUE, (job) => this.take(job));
    await this.resume();
  }

  /**
   * Queues every unfinished import: its job may be waiting still (then this is a no-op, by its key) or
   * lost with a version before the queue.
   */
  async resume(): Promise<void> {
    for (const row of await this.repo.unfinished()) await this.enqueue(row.id);
  }

  /** An upload this large is arriving: a parsing worker starts now, to be ready when its import begins. */
  expectUpload(bytes: number): void {
    if (this.deps.runsImports === false || this.abort.signal.aborted) return;
    if (this.parsesInWorker(bytes)) this.workers.warm();
  }

  /** Resolves when no import is being queued, waiting or running (tests). */
  async idle(): Promise<void> {
    while (this.queueing.size > 0) await Promise.allSettled([...this.queueing]);
    await this.deps.queue.idle([IMPORT_QUEUE]);
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /**
   * Stops after the current batch: the import stays `running` and its job goes back to the queue, for
   * another instance or the next start.
   */
  async close(): Promise<void> {
    this.abort.abort();
    while (this.queueing.size > 0) await Promise.allSettled([...this.queueing]);
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
    await this.workers.stopSpare();
  }

  /** The job's handler: one import, from its committed cursor. */
  private async take(job: Job<ImportJobData>): Promise<void> {
    const { importId } = job.data;
    const signal = AbortSignal.any([this.abort.signal, job.signal]);
    const handBack = () => new Error('The import was stopped; its job goes back to the queue');
    if (signal.aborted) throw handBack();
    const run = (async () => {
      const row = await this.repo.unfinishedById(importId);
      if (!row) return;
      // Which instance took it, and whether it resumes (after a death or a hand-back): for the operator.
      this.deps.log.info({ importId, retry: job.retryCount, pid: process.pid }, 'import taken');
      await this.run(row, signal);
    })();
    this.running.add(run);
    try {
      await run;
    } catch (error) {
      // The database itself failed (full disk, lost connection): the import stays unfinished and its job
      // is tried again.
      this.deps.log.error({ err: error, importId }, 'import could not be recorded');
      throw error;
    } finally {
      this.running.delete(run);
    }
    if (signal.aborted && (await this.repo.unfinishedById(importId))) throw handBack();
  }

  private async run(row: ImportRow, signal: AbortSignal): Promise<void> {
    const { log, now } = this.deps;
    const importer = row.format ? getImporter(row.format) : undefined;
    if (!importer || !row.file_path) {
      const session = this.deps.writer.begin(row.user_id, { kind: 'import', id: row.id });
      await this.finish(
        row,
        'failed',
        new ImportProgress(row),
        'The uploaded file is no longer there.',
        session,
      );
      return;
    }
    if (isReviewImporter(importer)) {
      // Lab and DEXA reports are read for review; nothing is written before the person confirms.
      const { reportLimits: limits } = this.deps;
      const deps = { repo: this.repo, log, now, signal, ...(limits ? { limits } : {}) };
      await readReportForReview({ ...row, file_path: row.file_path }, deps);
      return;
    }
    const progress = new ImportProgress(row);
    progress.bytesRead = 0;
    await this.repo.update(row.id, { status: 'running', started_at: row.started_at ?? now() });

    // Its merges, held samples and WAL checkpoints are the session's; begun again, it finds the days an
    // earlier run of this import left to merge.
    const session = this.deps.writer.begin(row.user_id, { kind: 'import', id: row.id });
    // Outgoing webhooks: the kinds and days written (`samples.created`), told as batches commit.
    let events: ImportRunEvents | undefined;
    const write = async (batch: ImportBatch) => {
      progress.bytesRead = batch.bytesRead;
      progress.addChunk(batch);
      await session.write(batch.samples, {
        afterWrite: async (trx, r) => {
          if (batch.clinical.length > 0) await upsertClinicalRecords(trx, row.user_id, batch.clinical, now());
          if (batch.tracks.length > 0) await upsertWorkoutTracks(trx, row.user_id, batch.tracks, now());
          progress.samplesDone += batch.count;
          progress.inserted += r.inserted;
          progress.updated += r.updated;
          progress.duplicates += r.duplicates;
          for (const rejected of r.rejected) {
            progress.reject({ message: `${rejected.field}: ${rejected.message}`, record: rejected.index });
          }
          await new ImportsRepository(trx).update(row.id, progress.columns());
        },
      });
      if (batch.restore.length > 0) await this.deps.restore?.(row.user_id, batch.restore);
      events?.add(batch.samples.rows);
    };

    try {
      const size = (await stat(row.file_path)).size;
      const input: ChunkSourceInput = {
        importer,
        path: row.file_path,
        fileName: row.file_name,
        size,
        context: await this.contextFor(row.user_id, signal),
      };
      events = this.deps.events?.importRun(row.user_id, input.context.timeZone);
      const limits: BatchLimits = {
        skip: progress.samplesDone,
        samples: this.deps.writeBatch ?? WRITE_BATCH,
        clinical: CLINICAL_BATCH,
        everyMs: PROGRESS_EVERY_MS,
      };
      const inWorker = this.parsesInWorker(size);
      // A worker started for this upload would only hold memory while the file is read here.
      if (!inWorker) await this.workers.stopSpare();
      const batches: AsyncIterable<ImportBatch> = inWorker
        ? readInWorker(input, limits, this.workers)
        : inBatches(readHere(input), limits);
      for await (const batch of batches) await write(batch);
      progress.bytesRead = Number(row.bytes_total);
      await this.finish(row, 'succeeded', progress, null, session, events);
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ImportFormatError) {
        // Everything read before the damage is kept: importers yield what they read before they throw.
        await this.finish(row, 'failed', progress, describeFailure(error), session, events);
      } else {
        log.error({ err: error, importId: row.id }, 'import failed');
        await this.finish(
          row,
          'failed',
          progress,
          'The import stopped on an unexpected error.',
          session,
          events,
        );
      }
    } finally {
      // Stopped (handed back) or failed to record: its pending merges wait for the next run.
      session.abort();
    }
  }

  /** Whether an upload this large is parsed in a worker (while this thread writes): from the threshold on. */
  private parsesInWorker(bytes: number): boolean {
    return bytes >= this.deps.workerThresholdBytes;
  }

  private async contextFor(userId: string, signal: AbortSignal): Promise<ImportContext> {
    const owner = (await this.repo.owner(userId)) ?? { name: '', email: '' };
    const timeZone = (await this.deps.zones.timeZone(userId)) ?? 'UTC';
    return { owner, timeZone, signal };
  }

  private async finish(
    row: ImportRow,
    status: 'succeeded' | 'failed',
    progress: ImportProgress,
    failure: string | null,
    session: WriteSession,
    events = this.deps.events?.importRun(row.user_id, 'UTC'),
  ): Promise<void> {
    await session.finish();
    await this.repo.update(row.id, {
      ...progress.columns(),
      status,
      failure,
      finished_at: this.deps.now(),
      file_path: null,
    });
    if (row.file_path) await rm(row.file_path, { force: true });
    this.deps.onFinished?.(row.user_id);
    events?.ended({
      id: row.id,
      format: row.format,
      status,
      inserted: progress.inserted,
      updated: progress.updated,
      duplicates: progress.duplicates,
      rejected: progress.rejected,
      skipped: progress.skipped,
      failure,
    });
  }
}
