import { randomUUID } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import {
  DEFAULT_EXPIRE_SECONDS,
  DEFAULT_RETRY,
  type EnqueueOptions,
  type JobHandler,
  type JobQueue,
  type StopOptions,
  type WorkOptions,
} from './job-queue';

/**
 * A running job's worker refreshes its claim every half of this (pg-boss's `work` does it); a claim not
 * refreshed for this long is a dead instance's (SIGKILL, a lost machine), and the supervisor puts its job
 * back as a retry. Without it, a sync of an instance killed mid-way waited for its whole expiry (30 minutes)
 * even on the restarted instance, since its key's one running slot stayed taken.
 */
const HEARTBEAT_SECONDS = 20;
/** How often the supervisor looks for silent and expired claims. */
const SUPERVISE_SECONDS = 15;

export interface PgBossQueueOptions {
  /** The PostgreSQL database (pg-boss opens a small pool of its own, and one LISTEN connection). */
  url: string;
  /** The schema pg-boss creates and migrates its tables in. */
  schema: string;
  /** How often workers look for jobs when no notification came (default 2 s). */
  pollSeconds?: number;
  /** How often expired or silent claims are looked for and returned to their queue (default 15 s). */
  superviseSeconds?: number;
  /** How long a running job's claim may stay silent before it is taken back (default 20 s, at least 10). */
  heartbeatSeconds?: number;
  /** How often due cron schedules are looked for (default 5 s). */
  cronCheckSeconds?: number;
  log?: { error(details: object, message: string): void; warn(details: object, message: string): void };
}

/**
 * The job queue on PostgreSQL: pg-boss, which claims with `FOR UPDATE SKIP LOCKED` (each job once, on
 * whichever instance asks first), expires claims of dead instances, and files each cron slot under one
 * key so every instance may look and one job is made. Queues use pg-boss's `stately` policy (one job
 * waiting and one running per key), the `singletonKey` semantics of `JobQueue`; a job without a key gets
 * one of its own, so unkeyed jobs never collide.
 */
export class PgBossQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly workers = new Map<string, string>();
  private readonly wakes = new Set<NodeJS.Timeout>();
  private starting: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: PgBossQueueOptions) {
    this.boss = new PgBoss({
      connectionString: options.url,
      schema: options.schema,
      max: 4,
      application_name: 'healthfolio-jobs',
      useListenNotify: true,
      superviseIntervalSeconds: options.superviseSeconds ?? SUPERVISE_SECONDS,
      monitorIntervalSeconds: options.superviseSeconds ?? SUPERVISE_SECONDS,
      cronWorkerIntervalSeconds: options.cronCheckSeconds ?? 5,
      cronMonitorIntervalSeconds: Math.min(30, options.cronCheckSeconds ?? 30),
    });
    this.boss.on('error', (error: unknown) => options.log?.error({ err: error }, 'job queue error'));
    this.boss.on('warning', (warning: unknown) => options.log?.warn({ warning }, 'job queue warning'));
  }

  start(): Promise<void> {
    this.starting ??= this.boss.start({ attempts: 3 }).then(() => undefined);
    return this.starting;
  }

  async enqueue<T extends object>(
    name: string,
    payload: T,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    await this.queue(name);
    const retry = options.retry ?? DEFAULT_RETRY;
    const id = await this.boss.send(name, payload, {
      singletonKey: options.singletonKey ?? randomUUID(),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds ?? (retry.backoff ? 1 : 0),
      retryBackoff: retry.backoff ?? false,
      expireInSeconds: options.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
      heartbeatSeconds: this.options.heartbeatSeconds ?? HEARTBEAT_SECONDS,
    });
    if (id !== null) this.wake(name, (options.startAfter?.getTime() ?? 0) - Date.now());
    return id;
  }

  async cancel(name: string, singletonKey: string): Promise<void> {
    await this.queue(name);
    const waiting = await this.boss.findJobs(name, { key: singletonKey, queued: true });
    if (waiting.length > 0)
      await this.boss.deleteJob(
        name,
        waiting.map((job) => job.id),
      );
  }

  async work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: WorkOptions = {},
  ): Promise<void> {
    await this.queue(name);
    const id = await this.boss.work<T>(
      name,
      {
        localConcurrency: options.concurrency ?? 1,
        batchSize: 1,
        // Notifications wake workers at once for new jobs; retries and expired claims come back
        // without one, so the poll stays as frequent as without them.
        pollingIntervalSeconds: this.options.pollSeconds ?? 2,
        notifyPollingIntervalSeconds: this.options.pollSeconds ?? 2,
      },
      async ([job]) => {
        if (!job) return;
        await handler({
          id: job.id,
          name: job.name,
          data: job.data,
          retryCount: job.retryCount,
          signal: job.signal,
        });
      },
    );
    this.workers.set(name, id);
  }

  async schedule(name: string, cron: string, payload: object = {}): Promise<void> {
    await this.queue(name);
    await this.boss.schedule(name, cron, payload, { tz: 'UTC' });
  }

  async idle(only?: string[]): Promise<void> {
    const names = only ?? [...this.workers.keys()];
    if (names.length === 0) return;
    for (;;) {
      const { rows } = await this.boss
        .getDb()
        .executeSql(
          `select count(*)::int as n from ${this.options.schema}.job where name = any($1) and state < 'completed'`,
          [names],
        );
      if (Number((rows[0] as { n: number } | undefined)?.n ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async reachable(): Promise<boolean> {
    if (this.stopped) return false;
    try {
      await this.boss.getDb().executeSql('select 1');
      return true;
    } catch {
      return false;
    }
  }

  async stop(options: StopOptions = {}): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.wakes) clearTimeout(timer);
    await this.starting?.catch(() => {});
    // Graceful: no new claims, running handlers until the timeout; then pg-boss fails what is still
    // active ('pg-boss shut down while active'), which puts it back in its queue as a retry.
    await this.boss.stop({ graceful: options.drain ?? false, timeout: options.timeoutMs ?? 10_000 });
  }

  /** pg-boss needs each queue made before use; made once per name and process. */
  private queue(name: string): Promise<void> {
    let made = this.queues.get(name);
    if (!made) {
      made = this.start().then(async () => {
        if (await this.boss.getQueue(name)) return;
        await this.boss
          .createQueue(name, { policy: 'stately', notify: true })
          .catch(async (error: unknown) => {
            // Another instance made it at the same moment.
            if (!(await this.boss.getQueue(name))) throw error;
          });
      });
      made.catch(() => this.queues.delete(name));
      this.queues.set(name, made);
    }
    return made;
  }

  /** Wakes this instance's worker for a job it queued itself, without waiting for its poll. */
  private wake(name: string, inMs: number): void {
    const worker = this.workers.get(name);
    if (!worker || this.stopped) return;
    if (inMs <= 0) return this.boss.notifyWorker(worker);
    const timer = setTimeout(() => {
      this.wakes.delete(timer);
      if (!this.stopped) this.boss.notifyWorker(worker);
    }, inMs + 50);
    timer.unref();
    this.wakes.add(timer);
  }
}
