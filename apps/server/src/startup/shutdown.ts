import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** What `/api/ready` reads: false from the first signal on, so a load balancer stops sending requests. */
export interface Lifecycle {
  draining: boolean;
}

export interface ShutdownOptions {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  log: FastifyBaseLogger;
  /** How long running work may take to reach its next commit point (SHUTDOWN_GRACE_SECONDS). */
  graceMs: number;
  /** Runs just before the process exits, whichever way it ends (the pid file). */
  onExit?: () => void;
}

/**
 * The end of the process, on SIGTERM, SIGINT or its parent going. The server stops taking requests and
 * every runner stops at its next commit point (an import after its batch, a sync after its page); what is
 * unfinished stays queued in the database and is taken up on the next start. Whatever is still running
 * when the grace period ends is handed back the same way: the process exits, and SQLite's WAL or
 * PostgreSQL's transactions leave nothing half-written.
 *
 * The process always ends: a watchdog thread, which a busy or blocked event loop cannot hold up, kills it
 * a few seconds after the grace period if even the exit could not run (a native call that never returns).
 */
export function shutdownOnSignals(options: ShutdownOptions): (reason: string) => Promise<void> {
  const { app, lifecycle, log, graceMs, onExit = () => {} } = options;
  let closing = false;
  const exit = (code: number) => {
    onExit();
    process.exit(code);
  };
  const shutdown = async (reason: string): Promise<void> => {
    if (closing) return;
    closing = true;
    lifecycle.draining = true;
    log.info({ reason, graceSeconds: graceMs / 1000 }, 'shutting down');
    armWatchdog(graceMs + 5_000);
    const deadline = setTimeout(() => {
      log.warn('the grace period is over: unfinished work is handed back and resumes on the next start');
      exit(0);
    }, graceMs);
    deadline.unref();
    try {
      await app.close();
      exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  return shutdown;
}

/** A thread that sleeps `ms` and then kills the whole process, whatever the main thread is doing. */
function armWatchdog(ms: number): void {
  const source = `
    const fs = require('node:fs');
    const { workerData } = require('node:worker_threads');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData);
    fs.writeSync(2, 'Healthfolio could not stop in time; ending the process.\\n');
    process.kill(process.pid, 'SIGKILL');
  `;
  const worker = new Worker(source, { eval: true, workerData: ms });
  worker.unref();
  // The watchdog never keeps a process alive that is otherwise done, nor leaks its stderr line early.
  worker.on('error', () => fs.writeSync(2, 'Healthfolio: the shutdown watchdog failed to start.\n'));
}
