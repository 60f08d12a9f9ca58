import { Worker } from 'node:worker_threads';
import { revivePreparedBatch } from '../metrics/prepared-batch';
import type { BatchLimits, ChunkSourceInput, ImportBatch } from './chunk-source';
import { reviveFailure, type WorkerInput, type WorkerMessage } from './worker-messages';

const WORKER_URL = new URL('./read-worker.mjs', import.meta.url);

/**
 * Parses and prepares in a worker thread and yields its batches here, in order. Stopping early (the
 * caller breaks out, or the import is aborted) terminates the worker.
 */
export async function* readInWorker(
  input: ChunkSourceInput,
  limits: BatchLimits,
): AsyncGenerator<ImportBatch> {
  const data: WorkerInput = {
    format: input.importer.format,
    path: input.path,
    fileName: input.fileName,
    size: input.size,
    owner: input.context.owner,
    timeZone: input.context.timeZone,
    limits,
  };
  const worker = new Worker(WORKER_URL, {
    workerData: data,
    execArgv: [],
    // Parsing streams; its heap stays small. The bound keeps a hostile file from taking the server's memory.
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 },
  });
  const queue: WorkerMessage[] = [];
  let wake: (() => void) | undefined;
  let crashed: Error | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  let ended = false;
  worker.on('message', (m: WorkerMessage) => {
    if (m.type !== 'batch') ended = true;
    queue.push(m);
    notify();
  });
  worker.on('error', (error) => {
    crashed = error;
    notify();
  });
  worker.on('exit', (code) => {
    // Its last message says how it ended; leaving without one (terminated, out of memory) is a crash.
    if (!ended) crashed ??= new Error(`The import worker stopped (code ${code})`);
    notify();
  });
  const aborted = () => void worker.terminate();
  input.context.signal?.addEventListener('abort', aborted, { once: true });
  try {
    for (;;) {
      input.context.signal?.throwIfAborted();
      const message = queue.shift();
      if (!message) {
        if (crashed) throw crashed;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (message.type === 'done') return;
      if (message.type === 'failed') throw reviveFailure(message.failure);
      yield { ...message, samples: revivePreparedBatch(message.samples) };
      // Acknowledged once written: the worker stays at most a few batches ahead of the disk.
      worker.postMessage('ack');
    }
  } finally {
    input.context.signal?.removeEventListener('abort', aborted);
    await worker.terminate();
  }
}
