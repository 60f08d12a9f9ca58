// Preloaded into a benchmark's server (`node --import <this file>`) to see its main thread from inside:
// every 100 ms it prints one JSON line with the longest event-loop delay of that interval (how late a 1 ms
// timer fired: a stall of the loop, whatever its cause) and the garbage collections that ended in it, each
// with its pause, and how often the kernel took the core from the thread meanwhile (its involuntary context
// switches: preempted by another process on a busy machine). A late answer the server timed itself can
// then be laid beside what its loop was doing.
// Worker threads inherit the flag and are left alone: their loops answer no request.
import fs from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { setInterval } from 'node:timers';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  /** Pauses of the collections that ended since the last line: [kind, ms]. */
  let collections = [];
  const KINDS = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak callbacks' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      collections.push([KINDS[entry.detail?.kind] ?? 'other', Math.round(entry.duration * 100) / 100]);
    }
  }).observe({ entryTypes: ['gc'] });
  /** This thread's involuntary context switches so far (Linux; 0 elsewhere). */
  const preemptions = () => {
    try {
      const status = fs.readFileSync('/proc/thread-self/status', 'utf8');
      return Number(/nonvoluntary_ctxt_switches:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  let preempted = preemptions();
  setInterval(() => {
    const now = preemptions();
    const line = {
      loopProbe: {
        at: Date.now(),
        maxDelayMs: Math.round((delay.max / 1e6) * 100) / 100,
        gc: collections,
        preempted: now - preempted,
      },
    };
    preempted = now;
    delay.reset();
    collections = [];
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }, 100).unref();
}
