// The benchmarks' server: the app as `npm start` runs it (the bundle, its node flags and environment, from
// scripts/server-process.mjs), in a process of its own, so what a benchmark measures — answers, CPU, resident
// memory — is the server's alone and not shared with the load it generates.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverEntry, serverProcess } from '../../../scripts/server-process.mjs';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** Fields after the command name of a /proc stat line (utime is [11], stime [12], cutime [13], cstime [14]). */
const statFields = (file: string) => fs.readFileSync(file, 'utf8').split(') ')[1]!.split(' ');

/**
 * CPU seconds the machine's PostgreSQL server has used, every process of it (backends, WAL writer,
 * checkpointer, autovacuum) and the backends that have exited since it started (their time is added to the
 * postmaster's children's, cutime + cstime, when it reaps them); 0 when no PostgreSQL runs here. With the
 * server's own CPU beside it, says whose work an import on PostgreSQL waits for.
 */
export function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const fields = statFields(`/proc/${pid}/stat`);
      ticks += Number(fields[11]) + Number(fields[12]);
      const parent = fields[1]!;
      if (fs.readFileSync(`/proc/${parent}/comm`, 'utf8').trim() !== 'postgres') {
        ticks += Number(fields[13]) + Number(fields[14]); // the postmaster: its reaped backends
      }
    } catch {
      // exited while we read
    }
  }
  return ticks / CLOCK_TICKS;
}

/** The machine's busy CPU seconds (all cores: everything in /proc/stat's first line but idle and iowait). */
export function machineBusySeconds(): number {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / CLOCK_TICKS;
}

/** A process the benchmark started, read from /proc. */
export interface Proc {
  child: ChildProcess;
  /** Resident memory now (VmRSS), in bytes. */
  rss(): number;
  /** The highest resident memory so far (VmHWM), in bytes. */
  peakRss(): number;
  /** CPU seconds used so far (utime + stime): all threads, or the main thread's. */
  cpuSeconds(thread?: 'main'): number;
  /** SIGTERM, then SIGKILL if it has not exited within 20 s. */
  stop(): Promise<void>;
}

export function procOf(child: ChildProcess): Proc {
  const pid = child.pid!;
  let exited = child.exitCode !== null;
  child.on('exit', () => (exited = true));
  const status = (field: string) =>
    Number(
      new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0,
    ) * 1024;
  return {
    child,
    rss: () => status('VmRSS'),
    peakRss: () => status('VmHWM'),
    cpuSeconds: (thread) => {
      const fields = statFields(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`);
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.on('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Resolves once the child prints `text` on stdout; rejects if it exits first or takes over a minute. */
export function waitForLine(child: ChildProcess, text: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start within 60 s`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}`));
    });
  });
}

export interface ServerOptions {
  /** Loopback port to listen on; a random one from 20000–39999 when not given. */
  port?: number;
  /** The server's environment on top of `npm start`'s: DATA_DIR, DATABASE_URL and the like. */
  env: Record<string, string | undefined>;
  /** Another build's bundle (a before/after comparison); by default this tree's (scripts/build-server.mjs). */
  entry?: string;
  /** Accounts to make with the build's own CLI before the server starts (one password for all). */
  accounts?: { emails: readonly string[]; password: string };
  /** Node flags after `npm start`'s. */
  nodeArgs?: readonly string[];
}

export interface BenchServer extends Proc {
  base: string;
  /** Signs in over HTTP and answers the access token. */
  token(email: string, password: string): Promise<string>;
}

/** Starts the server in its own process and resolves once it listens. */
export async function startServer(options: ServerOptions): Promise<BenchServer> {
  const port = options.port ?? 20_000 + Math.floor(Math.random() * 20_000);
  const launch = serverProcess();
  const env = {
    ...launch.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...options.env,
  };
  const entry = options.entry ?? serverEntry;
  // The CLI of the build's own tree (its migrations): the bundle is three levels below its root.
  const root = path.resolve(path.dirname(entry), '../../..');
  for (const email of options.accounts?.emails ?? []) {
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/user-create.ts',
        '--email',
        email,
        '--password',
        options.accounts!.password,
        '--name',
        'Ada Lovelace',
      ],
      { env, stdio: 'ignore', cwd: root },
    );
  }
  const child = spawn(process.execPath, [...launch.nodeArgs, ...(options.nodeArgs ?? []), entry], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await waitForLine(child, 'Healthfolio is running', `server on ${port}`);
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    ...procOf(child),
    async token(email, password) {
      const login = await fetch(`${base}/api/identity/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    },
  };
}
