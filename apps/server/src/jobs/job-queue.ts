/**
 * The one job system of the server (issue 25): background work is a named queue of jobs in the database,
 * taken by handlers. On PostgreSQL it is pg-boss (`pg-boss-queue.ts`); on SQLite a small table-backed
 * queue with the same semantics (`sqlite-job-queue.ts`). Both pass the same tests
 * (test/jobs/job-queue.int.test.ts), so code above this interface never asks which one it has.
 *
 * Semantics, on both:
 * - A job is claimed by exactly one worker, however many queue instances share the database.
 * - A handler that throws is retried (`retry.limit` times, after `retry.delaySeconds`, doubled each
 *   time with `retry.backoff`), then the job fails and stays failed.
 * - A job claimed longer than its expiry (`expireInSeconds`) is taken to be its worker's death: it goes
 *   back to the queue (counting as a retry) and another worker takes it.
 * - `singletonKey`: at most one job waiting and one running per queue and key. A second `enqueue` while
 *   one waits answers null and changes nothing, so `singletonKey` + `startAfter` is a debounce: every
 *   request until the waiting job starts is served by that one run.
 * - `schedule(name, cron)`: one job per cron slot across every instance (finest slot: pg-boss's minute).
 * - `stop({ drain })`: no new claims; running handlers get until the deadline, then their jobs are handed
 *   back to the queue (another instance, or the next start, takes them) and their `signal` is aborted.
 */
export interface JobQueue {
  readonly kind: 'sqlite' | 'pg-boss';
  /** Creates the queue's tables if needed and starts claiming for the queues worked. */
  start(): Promise<void>;
  /** Queues a job; null when a job with the same `singletonKey` already waits. */
  enqueue<T extends object>(name: string, payload: T, options?: EnqueueOptions): Promise<string | null>;
  /** Drops the job waiting under `singletonKey`, if any: work done at once stands in for it. */
  cancel(name: string, singletonKey: string): Promise<void>;
  /** Takes this queue's jobs on this instance, `concurrency` at a time (default 1). */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** Queues a job of `name` once per slot of `cron` (five fields, UTC) across all instances. */
  schedule(name: string, cron: string, payload?: object): Promise<void>;
  /** Resolves once no job of the named queues (default: every queue worked here) is waiting or running. */
  idle(names?: string[]): Promise<void>;
  /** Whether the queue's store answers (`GET /api/ready`). */
  reachable(): Promise<boolean>;
  /** Stops claiming; with `drain`, waits for running handlers up to `timeoutMs`, then hands them back. */
  stop(options?: StopOptions): Promise<void>;
}

export interface EnqueueOptions {
  /** At most one waiting and one running job per queue and key. */
  singletonKey?: string;
  /** Not before this instant. */
  startAfter?: Date;
  retry?: RetryOptions;
  /** How long a claim lasts before the job counts as its worker's death (default 15 minutes). */
  expireInSeconds?: number;
}

export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  limit: number;
  /** Seconds before a retry (default 0 without backoff, 1 with it). */
  delaySeconds?: number;
  /** Doubles the delay on every retry. */
  backoff?: boolean;
}

export interface WorkOptions {
  /** Jobs of this queue this instance runs at once (default 1). */
  concurrency?: number;
}

export interface StopOptions {
  /** Wait for running handlers (up to `timeoutMs`, default 10 s) before handing them back. */
  drain?: boolean;
  timeoutMs?: number;
}

export interface Job<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first attempt, then one more on each retry (also after an expiry). */
  retryCount: number;
  /** Aborted when the queue stops and the job is handed back: stop at the next commit point. */
  signal: AbortSignal;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export const DEFAULT_EXPIRE_SECONDS = 15 * 60;
export const DEFAULT_RETRY: RetryOptions = { limit: 2 };

/** The delay before retry `retryCount` (1 for the first retry), in milliseconds. */
export function retryDelayMs(retry: RetryOptions, retryCount: number): number {
  const base = retry.delaySeconds ?? (retry.backoff ? 1 : 0);
  const seconds = retry.backoff ? base * 2 ** Math.min(16, Math.max(0, retryCount - 1)) : base;
  return seconds * 1000;
}
