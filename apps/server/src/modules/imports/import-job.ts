import type { AccountRestore, ImportFormatError } from '@healthfolio/importers';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs';
import type { SampleWriter, SamplesQuery } from '../metrics';
import type { WebhookEvents } from '../webhooks';
import type { ReportLimits } from './report-source';

/** The queue of import jobs: one job per import, keyed by the import's id (one waiting and one running). */
export const IMPORT_QUEUE = 'imports.run';
/**
 * A job is retried when its instance dies (SIGKILL: pg-boss's heartbeat, SQLite's next start) or hands it
 * back on SIGTERM; each resumes from the committed cursor. An import that fails records its failure and
 * completes its job, so retries are only for such interruptions.
 */
export const IMPORT_RETRY = { limit: 25, delaySeconds: 1 };
/** The longest an import's claim may last (pg-boss's heartbeat notices a dead instance within ~35 s). */
export const IMPORT_EXPIRE_SECONDS = 6 * 60 * 60;

export interface ImportJobData {
  importId: string;
}

/** The failure an import records for a file it could not read to the end: the message, and where. */
export function describeFailure(error: ImportFormatError): string {
  const w = error.where;
  if (!w) return error.message;
  const at = [
    w.file && `in ${w.file}`,
    w.line !== undefined && `at line ${w.line}`,
    w.record !== undefined && `at record ${w.record}`,
    w.byte !== undefined && `at byte ${w.byte}`,
  ].filter(Boolean);
  return at.length ? `${error.message} (${at.join(', ')})` : error.message;
}

/** What ImportRunner (import-runner.ts) works with. */
export interface ImportRunnerDeps {
  db: Db;
  /** Where imports are queued and taken (by whichever instance asks first). */
  queue: JobQueue;
  writer: SampleWriter;
  zones: Pick<SamplesQuery, 'timeZone'>;
  log: FastifyBaseLogger;
  now: () => number;
  /** Samples per transaction; tests make it small to see several batches. */
  writeBatch?: number;
  /** Uploads at least this large are parsed, and their batches prepared, in a worker thread while this thread writes. */
  workerThresholdBytes: number;
  /**
   * False on an instance that takes no jobs (ROLE=web): another instance runs its uploads' imports, so no
   * parsing worker is started here for them.
   */
  runsImports?: boolean;
  /** Time and memory one lab or DEXA report may take to read (default 20 s, 256 MB). */
  reportLimits?: ReportLimits;
  /** Told when an import ends, so what depends on the data (insights) can run again. */
  onFinished?: (userId: string) => void;
  /** Outgoing webhooks: `import.finished`, and `samples.created` for what a successful import wrote. */
  events?: Pick<WebhookEvents, 'importRun'>;
  /** Applies what a Healthfolio export restores besides samples (settings, goals, data sources). */
  restore?: (userId: string, parts: AccountRestore[]) => Promise<void>;
}
