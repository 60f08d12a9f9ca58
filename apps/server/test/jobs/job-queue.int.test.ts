import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/db/database';
import { createJobQueue, type Job, type JobQueue } from '../../src/jobs';
import { createTestDb, testDialects, type TestDialect, type TestDb } from '../databases';

/**
 * The one contract of the job queue, run against both implementations: the table-backed queue on SQLite
 * and pg-boss on PostgreSQL. "Two instances" are two queues on one database, each with its own
 * connection(s), exactly as two server processes would have.
 */
interface Instances {
  a: JobQueue;
  b: JobQueue;
  close(): Promise<void>;
}

/** The finest schedule each can keep: SQLite takes seconds; pg-boss files cron jobs in minute slots. */
const finestCron: Record<TestDialect, string> = { sqlite: '*/4 * * * * *', postgres: '* * * * *' };

async function open(dialect: TestDialect): Promise<Instances> {
  const options = { pollMs: dialect === 'sqlite' ? 50 : 500, superviseSeconds: 1, cronCheckSeconds: 1 };
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-jobs-'));
    const file = path.join(dir, 'test.db');
    const { db: first } = openDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(first);
    const { db: second } = openDatabase({ dialect: 'sqlite', file });
    const queues = [
      createJobQueue(first, undefined, options),
      createJobQueue(second, undefined, options),
    ] as const;
    return {
      a: queues[0],
      b: queues[1],
      close: async () => {
        await Promise.all(queues.map((q) => q.stop()));
        await Promise.all([first.close(), second.close()]);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const db: TestDb = await createTestDb('postgres');
  await migrateToLatest(db, db.pg);
  const queues = [createJobQueue(db, db.pg, options), createJobQueue(db, db.pg, options)] as const;
  return {
    a: queues[0],
    b: queues[1],
    close: async () => {
      await Promise.all(queues.map((q) => q.stop()));
      await db.close();
    },
  };
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects)('the job queue on %s', (dialect) => {
  let q: Instances | undefined;
  afterEach(async () => {
    await q?.close();
    q = undefined;
  });

  it('runs each job exactly once with two instances working the same queue', async () => {
    q = await open(dialect);
    const runs: { id: string; by: string; n: number }[] = [];
    const handler = (by: string) => async (job: Job<{ n: number }>) => {
      runs.push({ id: job.id, by, n: job.data.n });
      await sleep(5);
    };
    await q.a.work('count', handler('a'), { concurrency: 2 });
    await q.b.work('count', handler('b'), { concurrency: 2 });
    await Promise.all([q.a.start(), q.b.start()]);
    const ids: string[] = [];
    for (let n = 0; n < 30; n++) ids.push((await (n % 2 ? q.a : q.b).enqueue('count', { n }))!);
    await until(() => runs.length >= 30, 30_000, 'thirty runs');
    await Promise.all([q.a.idle(), q.b.idle()]);
    await sleep(300);
    expect(runs).toHaveLength(30);
    expect(new Set(runs.map((r) => r.id))).toEqual(new Set(ids));
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual([...Array(30).keys()]);
  }, 60_000);

  it('retries a failing handler with a growing delay, then fails the job for good once retries are spent', async () => {
    q = await open(dialect);
    const attempts: { at: number; retryCount: number }[] = [];
    await q.a.work('flaky', async (job) => {
      attempts.push({ at: Date.now(), retryCount: job.retryCount });
      if (attempts.length < 3) throw new Error('provider answered 503');
    });
    const hopeless: number[] = [];
    await q.a.work('hopeless', async (job) => {
      hopeless.push(job.retryCount);
      throw new Error('never works');
    });
    await q.a.start();
    await q.a.enqueue('flaky', {}, { retry: { limit: 2, delaySeconds: 1, backoff: true } });
    await q.a.enqueue('hopeless', {}, { retry: { limit: 1 } });
    await until(() => attempts.length === 3, 30_000, 'three attempts');
    await q.a.idle();
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    // Backoff: at least 1 s before the first retry, at least 2 s before the second.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(950);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1_950);
    await sleep(1_500);
    expect(attempts).toHaveLength(3);
    expect(hopeless).toEqual([0, 1]);
  }, 60_000);

  it('gives the job of a worker that died (its claim expired) to another instance', async () => {
    q = await open(dialect);
    const taken: { by: string; id: string; retryCount: number }[] = [];
    let release = () => {};
    const hung = new Promise<void>((resolve) => (release = resolve));
    // Instance a claims and then never answers again, as a process stopped dead would.
    await q.a.work('import', async (job) => {
      taken.push({ by: 'a', id: job.id, retryCount: job.retryCount });
      await hung;
    });
    await q.a.start();
    const id = await q.a.enqueue('import', { importId: 'i1' }, { expireInSeconds: 1, retry: { limit: 1 } });
    await until(() => taken.length === 1, 15_000, 'the first claim');
    await q.b.work('import', async (job) => {
      taken.push({ by: 'b', id: job.id, retryCount: job.retryCount });
    });
    await q.b.start();
    await until(() => taken.length === 2, 30_000, 'the second claim');
    expect(taken).toEqual([
      { by: 'a', id, retryCount: 0 },
      { by: 'b', id, retryCount: 1 },
    ]);
    await q.b.idle();
    // The dead worker coming back to life settles nothing: the job is not run or queued again.
    release();
    await sleep(1_500);
    expect(taken).toHaveLength(2);
  }, 60_000);

  it('debounces with singletonKey + startAfter: requests until the run starts share it', async () => {
    q = await open(dialect);
    const runs: { user: string; at: number }[] = [];
    await q.a.work('insights', async (job: Job<{ userId: string }>) => {
      runs.push({ user: job.data.userId, at: Date.now() });
    });
    await q.a.start();
    const asked = Date.now();
    const soon = () => ({ singletonKey: 'u1', startAfter: new Date(Date.now() + 1_500) });
    const first = await q.a.enqueue('insights', { userId: 'u1' }, soon());
    const second = await q.b.enqueue('insights', { userId: 'u1' }, soon());
    const third = await q.a.enqueue('insights', { userId: 'u1' }, soon());
    const other = await q.a.enqueue('insights', { userId: 'u2' }, { singletonKey: 'u2' });
    expect(first).toEqual(expect.any(String));
    expect([second, third]).toEqual([null, null]);
    expect(other).toEqual(expect.any(String));
    await until(() => runs.length === 2, 15_000, 'two runs');
    await q.a.idle();
    expect(runs.map((r) => r.user).sort()).toEqual(['u1', 'u2']);
    expect(runs.find((r) => r.user === 'u1')!.at - asked).toBeGreaterThanOrEqual(1_450);
    // Once it ran, the next request makes a new run.
    expect(await q.a.enqueue('insights', { userId: 'u1' }, { singletonKey: 'u1' })).toEqual(
      expect.any(String),
    );
    await until(() => runs.length === 3, 15_000, 'the third run');
  }, 60_000);

  it('queues a schedule once per slot, however many instances keep it', async () => {
    q = await open(dialect);
    if (dialect === 'postgres') {
      // pg-boss's slots are minutes and it may run the current one at start: start early in a minute, so
      // that the first run and the 5 s look after it stay inside one slot (a start at :58 saw two runs).
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 40_000) await sleep(61_000 - intoMinute);
    }
    const runs: { by: string; at: number }[] = [];
    for (const [by, queue] of [
      ['a', q.a],
      ['b', q.b],
    ] as const) {
      await queue.work('daily', async () => {
        runs.push({ by, at: Date.now() });
      });
      await queue.schedule('daily', finestCron[dialect]);
      await queue.start();
    }
    await until(() => runs.length >= 1, 75_000, 'the first scheduled run');
    // Both instances look at the schedule every second (pg-boss) or every poll (SQLite) meanwhile.
    await sleep(dialect === 'sqlite' ? 1_500 : 5_000);
    expect(runs).toHaveLength(1);
    if (dialect === 'sqlite') {
      // And the next slot runs once more, not twice.
      await until(() => runs.length >= 2, 10_000, 'the second scheduled run');
      await sleep(1_500);
      expect(runs).toHaveLength(2);
      expect(runs[1]!.at - runs[0]!.at).toBeGreaterThan(2_000);
    }
  }, 120_000);

  it('stop({ drain }) lets a running handler finish within the deadline', async () => {
    q = await open(dialect);
    const done: string[] = [];
    let started = false;
    await q.a.work('report', async (job) => {
      started = true;
      await sleep(400);
      done.push(job.id);
    });
    await q.a.start();
    const id = await q.a.enqueue('report', {});
    await until(() => started, 15_000, 'the claim');
    await q.a.stop({ drain: true, timeoutMs: 5_000 });
    expect(done).toEqual([id]);
  }, 60_000);

  it('stop({ drain }) hands a handler still running at the deadline back, and another instance takes it', async () => {
    q = await open(dialect);
    const seen: { by: string; id: string; aborted?: boolean }[] = [];
    await q.a.work('sync', async (job) => {
      const entry: { by: string; id: string; aborted?: boolean } = { by: 'a', id: job.id };
      seen.push(entry);
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
      entry.aborted = true;
    });
    await q.a.start();
    const id = await q.a.enqueue('sync', { connectionId: 'c1' }, { retry: { limit: 2 } });
    await until(() => seen.length === 1, 15_000, 'the claim');
    const stopping = Date.now();
    await q.a.stop({ drain: true, timeoutMs: 1_000 });
    const took = Date.now() - stopping;
    expect(took).toBeGreaterThanOrEqual(950);
    expect(took).toBeLessThan(5_000);
    expect(seen[0]).toEqual({ by: 'a', id, aborted: true });
    await q.b.work('sync', async (job) => {
      seen.push({ by: 'b', id: job.id });
    });
    await q.b.start();
    await until(() => seen.length === 2, 15_000, 'the job taken again');
    expect(seen[1]).toEqual({ by: 'b', id });
  }, 60_000);
});

describe('the job queue on SQLite, restarted after its process was killed', () => {
  it('takes the jobs the killed process had claimed back at once, not after their expiry', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-jobs-'));
    const file = path.join(dir, 'test.db');
    const { db: first } = openDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(first);
    const killed = createJobQueue(first, undefined, { pollMs: 50 });
    let claimed = false;
    await killed.work('sources.sync', async () => {
      claimed = true;
      await new Promise(() => {});
    });
    await killed.start();
    const id = await killed.enqueue('sources.sync', { connectionId: 'c1' }, { singletonKey: 'c1' });
    await until(() => claimed, 15_000, 'the claim');
    // The process ends without a word (SIGKILL): nothing is handed back; a new one opens the file.
    const { db: second } = openDatabase({ dialect: 'sqlite', file });
    const restarted = createJobQueue(second, undefined, { pollMs: 50, handBackOnStart: true });
    const taken: { id: string; retryCount: number }[] = [];
    await restarted.work('sources.sync', async (job) => {
      taken.push({ id: job.id, retryCount: job.retryCount });
    });
    await restarted.start();
    await until(() => taken.length === 1, 5_000, 'the job taken back');
    expect(taken).toEqual([{ id, retryCount: 0 }]);
    await restarted.stop();
    await Promise.all([first.close(), second.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);
});
