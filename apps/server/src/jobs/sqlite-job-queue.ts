// Over 300 lines: one JobQueue; claiming, running, retrying and schedules share its workers and timers.
import { randomUUID } from 'node:crypto';
import { CronExpressionParser } from 'cron-parser';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database';
import {
  DEFAULT_EXPIRE_SECONDS,
  DEFAULT_RETRY,
  retryDelayMs,
  type EnqueueOptions,
  type JobHandler,
  type JobQueue,
  type StopOptions,
  type WorkOptions,
} from './job-queue';

export interface SqliteJobQueueOptions {
  /** How often each queue looks for due jobs and expired claims (default 1 s; a local enqueue wakes it). */
  pollMs?: number;
  /**
   * At start, jobs still claimed go back to the queue at once: the claims of a process that ended without
   * handing them back (SIGKILL, a crash). Right for the server, the only process on its SQLite database (its
   * pid file says so); not for two queues sharing a file, as the contract tests make.
   */
  handBackOnStart?: boolean;
  /** Where a handler's failure is reported. */
  log?: { error(details: object, message: string): void };
}

interface JobRow {
  id: string;
  name: string;
  data: string;
  retry_count: number;
  claim: string;
}

interface Worker {
  name: string;
  handler: JobHandler<object>;
  concurrency: number;
  running: Map<string, { claim: string; done: Promise<void>; abort: AbortController }>;
  timer: NodeJS.Timeout | undefined;
  polling: Promise<void> | undefined;
  again: boolean;
}

/**
 * The job queue on SQLite: the `jobs` and `job_schedules` tables (migration 202611300200-job-queue).
 * Every change of a job is one statement, and SQLite runs one writer at a time, so a claim is an
 * `UPDATE … RETURNING` that no other connection — another queue on the same file included — can share.
 * Claims carry a random token: a handler whose claim expired or was handed back settles nothing.
 */
export class SqliteJobQueue implements JobQueue {
  readonly kind = 'sqlite' as const;
  private readonly kysely: Kysely<unknown>;
  private readonly workers = new Map<string, Worker>();
  private readonly schedules = new Map<string, { cron: string; data: string }>();
  private readonly wakes = new Set<NodeJS.Timeout>();
  private scheduleTimer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;

  constructor(
    db: Db,
    private readonly options: SqliteJobQueueOptions = {},
  ) {
    this.kysely = db.kysely as unknown as Kysely<unknown>;
  }

  private get pollMs(): number {
    return this.options.pollMs ?? 1_000;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (this.options.handBackOnStart) {
      await sql`
        update or ignore jobs set state = 'created', start_after = ${Date.now()}, claim = null, expires_at = null
        where state = 'active'`.execute(this.kysely);
      await this.supersede(sql`state = 'active'`);
    }
    for (const worker of this.workers.values()) this.poll(worker);
    this.scheduleTimer = setInterval(() => void this.queueScheduled().catch(() => {}), this.pollMs);
    this.scheduleTimer.unref();
  }

  async enqueue<T extends object>(
    name: string,
    payload: T,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    const id = randomUUID();
    const now = Date.now();
    const retry = options.retry ?? DEFAULT_RETRY;
    const startAfter = Math.max(now, options.startAfter?.getTime() ?? now);
    const { rows } = await sql<{ id: string }>`
      insert or ignore into jobs (id, name, data, state, singleton_key, start_after, retry_count, retry_limit,
        retry_delay_ms, retry_backoff, expire_ms, created_at)
      values (${id}, ${name}, ${JSON.stringify(payload)}, 'created', ${options.singletonKey ?? null},
        ${startAfter}, 0, ${retry.limit}, ${retryDelayMs(retry, 1)}, ${retry.backoff ? 1 : 0},
        ${(options.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS) * 1000}, ${now})
      returning id`.execute(this.kysely);
    if (rows.length === 0) return null;
    this.wake(name, startAfter - now);
    return id;
  }

  async cancel(name: string, singletonKey: string): Promise<void> {
    await sql`
      delete from jobs where name = ${name} and singleton_key = ${singletonKey} and state = 'created'`.execute(
      this.kysely,
    );
  }

  async work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: WorkOptions = {},
  ): Promise<void> {
    if (this.workers.has(name)) throw new Error(`The queue ${name} is already worked here`);
    const worker: Worker = {
      name,
      handler: handler as JobHandler<object>,
      concurrency: options.concurrency ?? 1,
      running: new Map(),
      timer: undefined,
      polling: undefined,
      again: false,
    };
    this.workers.set(name, worker);
    if (this.started) this.poll(worker);
  }

  async schedule(name: string, cron: string, payload: object = {}): Promise<void> {
    const slot = currentSlot(cron, Date.now());
    const data = JSON.stringify(payload);
    // A new schedule starts with the slot under way: its first job is the next slot's.
    await sql`
      insert into job_schedules (name, cron, data, slot) values (${name}, ${cron}, ${data}, ${slot})
      on conflict (name) do update set cron = excluded.cron, data = excluded.data`.execute(this.kysely);
    this.schedules.set(name, { cron, data });
  }

  async idle(only?: string[]): Promise<void> {
    const names = only ?? [...this.workers.keys()];
    if (names.length === 0) return;
    for (;;) {
      const running = names.some((name) => (this.workers.get(name)?.running.size ?? 0) > 0);
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from jobs
        where state in ('created', 'active') and name in (${sql.join(names)})`.execute(this.kysely);
      if (!running && Number(rows[0]?.n ?? 0) === 0) return;
      await delay(10);
    }
  }

  async reachable(): Promise<boolean> {
    if (this.stopped) return false;
    try {
      await sql`select 1 from jobs limit 1`.execute(this.kysely);
      return true;
    } catch {
      return false;
    }
  }

  async stop(options: StopOptions = {}): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.scheduleTimer);
    for (const timer of this.wakes) clearTimeout(timer);
    for (const worker of this.workers.values()) clearTimeout(worker.timer);
    await Promise.all([...this.workers.values()].map((w) => w.polling));
    const running = [...this.workers.values()].flatMap((w) => [...w.running.values()]);
    if (options.drain && running.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>(
        (resolve) => (timer = setTimeout(resolve, options.timeoutMs ?? 10_000)),
      );
      await Promise.race([Promise.all(running.map((r) => r.done)), deadline]);
      clearTimeout(timer);
    }
    // Whatever still runs is handed back: waiting again, as it was before its claim, for whoever comes next.
    for (const worker of this.workers.values()) {
      for (const [id, run] of worker.running) {
        await this.handBack(id, run.claim).catch(() => {});
        run.abort.abort(new Error('The job queue stopped; the job was handed back'));
      }
    }
  }

  /** Looks for due jobs of one queue now, unless a look is under way (then once more after it). */
  private poll(worker: Worker): void {
    if (this.stopped || !this.started) return;
    if (worker.polling) {
      worker.again = true;
      return;
    }
    clearTimeout(worker.timer);
    worker.polling = this.claimAndRun(worker)
      .catch((error: unknown) =>
        this.options.log?.error({ err: error, queue: worker.name }, 'job queue poll failed'),
      )
      .finally(() => {
        worker.polling = undefined;
        if (this.stopped) return;
        const again = worker.again;
        worker.again = false;
        if (again) this.poll(worker);
        else {
          worker.timer = setTimeout(() => this.poll(worker), this.pollMs);
          worker.timer.unref();
        }
      });
  }

  private async claimAndRun(worker: Worker): Promise<void> {
    await this.expireClaims();
    const free = worker.concurrency - worker.running.size;
    if (free <= 0) return;
    const claim = randomUUID();
    const now = Date.now();
    const { rows } = await sql<JobRow>`
      update jobs set state = 'active', claim = ${claim}, expires_at = ${now} + expire_ms
      where id in (
        select j.id from jobs j
        where j.name = ${worker.name} and j.state = 'created' and j.start_after <= ${now}
          and (j.singleton_key is null or not exists (
            select 1 from jobs a
            where a.name = j.name and a.singleton_key = j.singleton_key and a.state = 'active'))
        order by j.start_after, j.created_at
        limit ${free})
      returning id, name, data, retry_count, claim`.execute(this.kysely);
    for (const row of rows) this.run(worker, row);
  }

  private run(worker: Worker, row: JobRow): void {
    const abort = new AbortController();
    const done = (async () => {
      try {
        await worker.handler({
          id: row.id,
          name: row.name,
          data: JSON.parse(row.data) as object,
          retryCount: row.retry_count,
          signal: abort.signal,
        });
        await sql`
          update jobs set state = 'completed', claim = null, expires_at = null, finished_at = ${Date.now()}
          where id = ${row.id} and claim = ${row.claim}`.execute(this.kysely);
      } catch (error) {
        if (abort.signal.aborted) return;
        this.options.log?.error({ err: error, queue: row.name, jobId: row.id }, 'job failed');
        await this.fail(row.id, row.claim, error).catch(() => {});
      } finally {
        worker.running.delete(row.id);
        // A slot is free: look for the next job at once.
        this.poll(worker);
      }
    })();
    worker.running.set(row.id, { claim: row.claim, done, abort });
  }

  /** A failed attempt: waits out its retry delay, or fails for good once its retries are spent. */
  private async fail(id: string, claim: string, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const now = Date.now();
    await sql`
      update or ignore jobs set
        state = case when retry_count < retry_limit then 'created' else 'failed' end,
        start_after = ${now} + retry_delay_ms * (case when retry_backoff = 1 then 1 << min(16, retry_count) else 1 end),
        retry_count = case when retry_count < retry_limit then retry_count + 1 else retry_count end,
        finished_at = case when retry_count < retry_limit then null else ${now} end,
        claim = null, expires_at = null, error = ${message}
      where id = ${id} and claim = ${claim}`.execute(this.kysely);
    // A retry that would wait beside a newer job of the same key is that job's work: it ends here.
    await this.supersede(sql`id = ${id} and claim = ${claim}`);
  }

  /** Claims held past their expiry belong to a worker that died: the jobs go back to the queue. */
  private async expireClaims(): Promise<void> {
    const now = Date.now();
    await sql`
      update or ignore jobs set
        state = case when retry_count < retry_limit then 'created' else 'failed' end,
        start_after = ${now} + retry_delay_ms * (case when retry_backoff = 1 then 1 << min(16, retry_count) else 1 end),
        retry_count = case when retry_count < retry_limit then retry_count + 1 else retry_count end,
        finished_at = case when retry_count < retry_limit then null else ${now} end,
        claim = null, expires_at = null, error = 'The claim expired (its worker stopped answering)'
      where state = 'active' and expires_at < ${now}`.execute(this.kysely);
    await this.supersede(sql`state = 'active' and expires_at < ${now}`);
  }

  /** Handed back unfinished: waiting again with its retries untouched. */
  private async handBack(id: string, claim: string): Promise<void> {
    await sql`
      update or ignore jobs set state = 'created', start_after = ${Date.now()}, claim = null, expires_at = null
      where id = ${id} and claim = ${claim}`.execute(this.kysely);
    await this.supersede(sql`id = ${id} and claim = ${claim}`);
  }

  private async supersede(where: ReturnType<typeof sql>): Promise<void> {
    await sql`
      update jobs set state = 'failed', claim = null, expires_at = null, finished_at = ${Date.now()},
        error = 'Superseded by a waiting job with the same key'
      where ${where}`.execute(this.kysely);
  }

  /** Queues one job per schedule whose slot has come; the conditional update lets one instance win it. */
  private async queueScheduled(): Promise<void> {
    if (this.stopped) return;
    for (const [name, { cron, data }] of this.schedules) {
      const slot = currentSlot(cron, Date.now());
      const { numAffectedRows } = await sql`
        update job_schedules set slot = ${slot} where name = ${name} and slot < ${slot}`.execute(this.kysely);
      if (Number(numAffectedRows ?? 0) === 1) await this.enqueue(name, JSON.parse(data) as object);
    }
  }

  /** A local enqueue wakes this instance's worker at once (or when the job is due). */
  private wake(name: string, inMs: number): void {
    const worker = this.workers.get(name);
    if (!worker || this.stopped) return;
    if (inMs <= 0) return this.poll(worker);
    const timer = setTimeout(() => {
      this.wakes.delete(timer);
      this.poll(worker);
    }, inMs);
    timer.unref();
    this.wakes.add(timer);
  }
}

/** The start of the cron slot `at` falls in (epoch ms, UTC). */
function currentSlot(cron: string, at: number): number {
  const expression = CronExpressionParser.parse(cron, { currentDate: new Date(at + 1), tz: 'UTC' });
  return expression.prev().getTime();
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
