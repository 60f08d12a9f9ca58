/**
 * Sign-in flood: `npx tsx apps/server/bench/login-flood.bench.ts [--seconds 5] [--rate 500] [--pin]
 * [--server-times] [--loop] [--json]`
 * Builds the app on a temp SQLite database and fails one address's password until it is locked out, then
 * measures the server's own cost of a refusal in this process (`app.inject`, no sockets). Then the server
 * runs as `npm start` runs it, in a process of its own on that database (bench/server-process.ts), and
 * another process (login-flood-client.mjs) sends `rate` bad sign-ins a second for `seconds` (paced, not a
 * burst) over kept-alive connections while `/api/health` is probed 20 times a second. Reports how fast the
 * 429s come back (refused by the database-backed throttle before argon2 runs) and the health probe's p99
 * meanwhile: the server process does nothing else, so its answers carry none of this process's work. The
 * flood process reports its own event-loop delay too: an answer it timed late while its loop was stalled
 * says nothing of the server. Budget (issue #24): every 429 under 5 ms, health p99 under 200 ms.
 *
 * `--pin` puts the server on one core and the flood on another (`taskset`), as a load generator would run
 * on a machine of its own; on this 2-core machine that made the client's timings worse (the server's
 * threads then share one core), so it is not the default. `--server-times` runs the server at
 * LOG_LEVEL=debug and reads each answer's time from its request log (Fastify's elapsedTime, from the
 * request's arrival to its answer being written):
 * the server's own part of every answer, beside the client's timing of the whole round trip. `--loop`
 * preloads loop-delay-probe.mjs into the server: its main thread's event-loop delay and garbage collections
 * in 100 ms intervals, and (with --server-times) what the loop did in the interval of each slow answer.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createAccount } from '../src/identity/accounts';
import { startServer, type BenchServer } from './server-process';

interface FloodOptions {
  /** Server and flood on cores of their own (on 2 or more cores). */
  pin?: boolean;
  /** Read each answer's server-side time from the server's request log (LOG_LEVEL=debug). */
  serverTimes?: boolean;
  /** Watch the server's event loop and garbage collections from inside (loop-delay-probe.mjs). */
  loop?: boolean;
}

/** One 100 ms interval of the server's main thread, as loop-delay-probe.mjs prints it. */
interface LoopInterval {
  at: number;
  maxDelayMs: number;
  gc: [kind: string, ms: number][];
  /** Times the kernel took the core from the main thread in the interval (another process ran). */
  preempted: number;
}

/** A sign-in answered 429, from the server's request log: its time and when it was logged (epoch ms). */
interface LoggedAnswer {
  ms: number;
  time: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

interface FloodResult {
  total: number;
  elapsed: number;
  refused: number[];
  other: number[];
  retryAfterMissing: number;
  health: number[];
  /** The flood process's own event-loop delay while it measured (its stalls delay the answers it times). */
  clientLoopDelayMs: { p99: number; max: number };
}

/** The cores the server and the flood run on when pinned (two distinct ones), or undefined. */
const pinning = () => (os.availableParallelism() >= 2 ? { server: '1', client: '0' } : undefined);

/** Runs login-flood-client.mjs against `base` (on core `cpu` when given) and reads its one JSON line. */
function runClient(base: string, rate: number, seconds: number, cpu?: string): Promise<FloodResult> {
  const client = fileURLToPath(new URL('./login-flood-client.mjs', import.meta.url));
  const command = [process.execPath, client, base, String(rate), String(seconds)];
  if (cpu !== undefined) command.unshift('taskset', '-c', cpu);
  return new Promise((resolve, reject) => {
    execFile(command[0]!, command.slice(1), { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout) as FloodResult),
    );
  });
}

/** Locks one address out, then times refusals and health checks in this process (no sockets). */
async function inProcessCosts(dataDir: string) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: dataDir });
  const { app, identity } = await buildApp(config, { syncScheduleMs: 0 });
  try {
    await createAccount(identity, {
      email: 'ada@example.com',
      password: 'the right one',
      name: 'Ada',
      emailVerified: true,
    });
    const bad = JSON.stringify({ email: 'ada@example.com', password: 'a wrong guess' });
    const signIn = () =>
      app.inject({
        method: 'POST',
        url: '/api/identity/login',
        payload: bad,
        headers: { 'content-type': 'application/json' },
        remoteAddress: '127.0.0.1', // the address the flood's process connects from
      });
    // Lock the address out for this account (10 failures); the lockout lives in the database, so the
    // server process started on it next refuses the flood the same way.
    for (let i = 0; i < 12; i++) await signIn();
    // The server's own cost of one refusal, without sockets or queueing: sequential in-process requests.
    const inProcess: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < 500; i++) {
      const start = performance.now();
      const res = await signIn();
      inProcess.push(performance.now() - start);
      if (res.statusCode !== 429) throw new Error(`expected 429, got ${res.statusCode}`);
    }
    const cpu = process.cpuUsage(cpuBefore);
    inProcess.sort((a, b) => a - b);
    // Baseline: the CPU of the cheapest answer the server gives (GET /api/health, one database ping).
    const healthBefore = process.cpuUsage();
    for (let i = 0; i < 500; i++) await app.inject({ method: 'GET', url: '/api/health' });
    const healthCpu = process.cpuUsage(healthBefore);
    return {
      // CPU per refusal does not depend on what else the machine runs (wall times do).
      cpuMsPerRefusal: round((cpu.user + cpu.system) / 1000 / inProcess.length),
      cpuMsPerHealth: round((healthCpu.user + healthCpu.system) / 1000 / 500),
      inProcessRefusedMs: { p50: round(percentile(inProcess, 50)), p99: round(percentile(inProcess, 99)) },
    };
  } finally {
    await app.close();
  }
}

/**
 * What the server prints on stdout while it runs: from its request log (debug) each sign-in answered 429,
 * in the order written; from the loop probe (--loop) its intervals.
 */
function serverOutput(server: BenchServer) {
  const refused: LoggedAnswer[] = [];
  const intervals: LoopInterval[] = [];
  let rest = '';
  server.child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      if (line.startsWith('{"loopProbe"')) {
        intervals.push((JSON.parse(line) as { loopProbe: LoopInterval }).loopProbe);
        continue;
      }
      if (!line.includes('"request completed"') || !line.includes('/api/identity/login')) continue;
      const entry = JSON.parse(line) as { res: { statusCode: number }; responseTime: number; time: number };
      if (entry.res.statusCode === 429) refused.push({ ms: entry.responseTime, time: entry.time });
    }
  });
  return { refused, intervals };
}

/** The loop's intervals during the measured flood: the longest delays and the collections' pauses. */
function loopSummary(intervals: LoopInterval[], slow: LoggedAnswer[]) {
  const pauses = intervals.flatMap((i) => i.gc);
  const byKind: Record<string, { count: number; maxMs: number }> = {};
  for (const [kind, ms] of pauses) {
    const k = (byKind[kind] ??= { count: 0, maxMs: 0 });
    k.count++;
    k.maxMs = Math.max(k.maxMs, ms);
  }
  const sorted = (values: number[]) => values.sort((a, b) => a - b);
  const delays = sorted(intervals.map((i) => i.maxDelayMs));
  /** The interval an answer was logged in (each line is printed at its interval's end). */
  const intervalOf = (time: number) => intervals.find((i) => i.at >= time);
  return {
    intervals: intervals.length,
    maxDelayMs: { p50: percentile(delays, 50), p99: percentile(delays, 99), max: delays.at(-1) ?? 0 },
    intervalsWithDelayOver5Ms: delays.filter((ms) => ms >= 5).length,
    /** The loop's stalls of 5 ms or more beside the collections and preemptions of their intervals. */
    stalls: intervals
      .filter((i) => i.maxDelayMs >= 5)
      .map((i) => ({ delayMs: i.maxDelayMs, gc: i.gc, preempted: i.preempted })),
    preemptedPerInterval: { p50: percentile(sorted(intervals.map((i) => i.preempted)), 50) },
    gc: byKind,
    /** Each answer of 5 ms or more beside its interval's loop delay and collections. */
    slowAnswers: slow.map((answer) => {
      const interval = intervalOf(answer.time);
      return {
        ms: answer.ms,
        loopDelayMs: interval?.maxDelayMs,
        gc: interval?.gc,
        preempted: interval?.preempted,
      };
    }),
  };
}

export async function benchLoginFlood(seconds = 5, rate = 500, options: FloodOptions = {}) {
  const pin = options.pin ? pinning() : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-bench-'));
  try {
    const costs = await inProcessCosts(dataDir);
    // As scripts/start.mjs does: the bundle is built when stale.
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'ignore' });
    const logLevel = options.serverTimes ? 'debug' : 'silent';
    const probe = fileURLToPath(new URL('./loop-delay-probe.mjs', import.meta.url));
    const server = await startServer({
      env: { LOG_LEVEL: logLevel, DATA_DIR: dataDir, WEB_DIST: dataDir },
      nodeArgs: options.loop ? ['--import', probe] : [],
    });
    try {
      // Every thread of the server (its worker threads are made later and inherit the core).
      if (pin) execFileSync('taskset', ['-a', '-p', '-c', pin.server, String(server.child.pid)]);
      const output = serverOutput(server);
      // Warm the server up as a running one would be: a few hundred refusals and health checks first.
      await runClient(server.base, 200, 1, pin?.client);
      const cpuBefore = server.cpuSeconds();
      const floodBegan = Date.now();
      // The flood comes from another process: a generator on the server's own event loop would delay the
      // answers it times (and the health probes) by its own work.
      const flood = await runClient(server.base, rate, seconds, pin?.client);
      const serverCpu = server.cpuSeconds() - cpuBefore;
      const floodEnded = Date.now();
      const { refused, health } = flood;
      refused.sort((a, b) => a - b);
      health.sort((a, b) => a - b);
      // The flood's own first second (connections opened, not measured) is logged too, before the rest:
      // the measured answers are the last `total` (every one a 429, as counted above), once all are read.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const measured = options.serverTimes ? output.refused.slice(-flood.total) : undefined;
      const serverRefused = measured?.map((answer) => answer.ms).sort((a, b) => a - b);
      // The flood's first second opens connections and is not measured (login-flood-client.mjs).
      const floodIntervals = output.intervals.filter((i) => i.at > floodBegan + 1000 && i.at <= floodEnded);
      return {
        pinned: pin ? `server on core ${pin.server}, flood on core ${pin.client}` : 'no',
        sent: flood.total,
        achievedRate: Math.round(flood.total / flood.elapsed),
        refused429: refused.length,
        otherStatuses: flood.other.length,
        retryAfterMissing: flood.retryAfterMissing,
        ...costs,
        /** The server process's CPU (all threads) per request of the flood, sockets and logging included. */
        serverCpuMsPerRequest: round((serverCpu * 1000) / (flood.total + health.length)),
        refusedMs: {
          p50: round(percentile(refused, 50)),
          p99: round(percentile(refused, 99)),
          max: round(refused.at(-1) ?? 0),
          /** How many refusals took 5 ms or more (the budget is none). */
          atOrOver5: refused.filter((ms) => ms >= 5).length,
        },
        /** The server's own time for each 429 (its request log; with --server-times). */
        serverRefusedMs: serverRefused && {
          answers: serverRefused.length,
          p50: round(percentile(serverRefused, 50)),
          p99: round(percentile(serverRefused, 99)),
          max: round(serverRefused.at(-1) ?? 0),
          atOrOver5: serverRefused.filter((ms) => ms >= 5).length,
        },
        /** The server's main thread during the flood, seen from inside (with --loop). */
        serverLoop: options.loop
          ? loopSummary(floodIntervals, measured?.filter((answer) => answer.ms >= 5) ?? [])
          : undefined,
        healthMs: {
          probes: health.length,
          p50: round(percentile(health, 50)),
          p99: round(percentile(health, 99)),
        },
        clientLoopDelayMs: {
          p99: round(flood.clientLoopDelayMs.p99),
          max: round(flood.clientLoopDelayMs.max),
        },
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '5' },
      rate: { type: 'string', default: '500' },
      pin: { type: 'boolean' },
      'server-times': { type: 'boolean' },
      loop: { type: 'boolean' },
      json: { type: 'boolean' },
    },
  });
  const result = await benchLoginFlood(Number(values.seconds), Number(values.rate), {
    pin: values.pin,
    serverTimes: values['server-times'],
    loop: values.loop,
  });
  if (values.json) console.log(JSON.stringify(result));
  else console.log(JSON.stringify(result, null, 2));
  const ok = result.otherStatuses === 0 && result.refusedMs.max < 5 && result.healthMs.p99 < 200;
  console.log(
    ok
      ? 'login flood within budget (every 429 < 5 ms, health p99 < 200 ms)'
      : 'login flood OVER BUDGET (budget: every 429 < 5 ms, health p99 < 200 ms)',
  );
}
