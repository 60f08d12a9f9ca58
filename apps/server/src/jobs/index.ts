import type { Db, PgLocation } from '../db/database';
import type { JobQueue } from './job-queue';
import { PgBossQueue } from './pg-boss-queue';
import { SqliteJobQueue } from './sqlite-job-queue';

export type {
  EnqueueOptions,
  Job,
  JobHandler,
  JobQueue,
  RetryOptions,
  StopOptions,
  WorkOptions,
} from './job-queue';

export interface JobQueueOptions {
  /** How often idle workers look for jobs (SQLite default 1 s, pg-boss 2 s). */
  pollMs?: number;
  /** pg-boss: how often expired or silent claims are returned to their queue, in seconds (default 15). */
  superviseSeconds?: number;
  /** pg-boss: how long a running job's claim may stay silent before it is a dead instance's (default 20 s). */
  heartbeatSeconds?: number;
  /** pg-boss: how often due cron schedules are looked for, in seconds (default 5). */
  cronCheckSeconds?: number;
  log?: { error(details: object, message: string): void; warn(details: object, message: string): void };
  /** SQLite: this is the database's one server, so jobs still claimed at start are a dead process's. */
  handBackOnStart?: boolean;
  /**
   * False on an instance that serves requests only (ROLE=web): it queues jobs, keeps the schedules, and
   * leaves every job to the instances that run them (`enqueueOnly`).
   */
  takesJobs?: boolean;
}

/**
 * The job queue of this database: pg-boss on PostgreSQL (its tables in the schema `pgboss`, or, for a
 * database in a schema other than `public` — the tests' throwaway schemas — beside our tables), the
 * table-backed queue on SQLite. Not started: `start()` once the handlers are registered.
 */
export function createJobQueue(
  db: Db,
  /** PostgreSQL: where the database is (pg-boss opens a small pool of its own on it). */
  pg: PgLocation | undefined,
  options: JobQueueOptions = {},
): JobQueue {
  const queue = openQueue(db, pg, options);
  return options.takesJobs === false ? enqueueOnly(queue) : queue;
}

function openQueue(db: Db, pg: PgLocation | undefined, options: JobQueueOptions): JobQueue {
  if (db.dialect === 'postgres') {
    if (!pg) throw new Error('The job queue needs the PostgreSQL connection string');
    return new PgBossQueue({
      url: pg.url,
      schema: pg.schema === 'public' ? 'pgboss' : pg.schema,
      ...(options.pollMs !== undefined ? { pollSeconds: Math.max(0.5, options.pollMs / 1000) } : {}),
      ...(options.superviseSeconds !== undefined ? { superviseSeconds: options.superviseSeconds } : {}),
      ...(options.heartbeatSeconds !== undefined ? { heartbeatSeconds: options.heartbeatSeconds } : {}),
      ...(options.cronCheckSeconds !== undefined ? { cronCheckSeconds: options.cronCheckSeconds } : {}),
      ...(options.log ? { log: options.log } : {}),
    });
  }
  return new SqliteJobQueue(db, {
    ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
    ...(options.handBackOnStart ? { handBackOnStart: true } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
}

/**
 * The queue as an instance that takes no jobs sees it (ROLE=web): handlers registered with `work` are never
 * called here; everything else — queueing, schedules, `idle` of named queues, readiness, stop — is the queue's.
 */
export function enqueueOnly(queue: JobQueue): JobQueue {
  return {
    kind: queue.kind,
    start: () => queue.start(),
    enqueue: (name, payload, options) => queue.enqueue(name, payload, options),
    cancel: (name, singletonKey) => queue.cancel(name, singletonKey),
    work: async () => {},
    schedule: (name, cron, payload) => queue.schedule(name, cron, payload),
    // No queue is worked here: only named ones are waited for (they run on other instances).
    idle: async (names) => (names ? queue.idle(names) : undefined),
    reachable: () => queue.reachable(),
    stop: (options) => queue.stop(options),
  };
}
