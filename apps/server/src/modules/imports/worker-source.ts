import { Worker } from 'node:worker_threads';
import { revivePreparedBatch } from '../metrics/prepared-batch';
import type { BatchLimits, ChunkSourceInput, ImportBatch } from './chunk-source';
import { reviveFailure, type WorkerInput, type WorkerMessage } from './worker-messages';

const WORKER_URL = new URL('./read-worker.mjs', import.meta.url);

/** A worker started ahead of an upload that never became an import is stopped after this long. */
const SPARE_FOR_MS = 60_000;

/**
 * Parsing workers. Starting one takes ~0.2 s (it loads every importer and the unit tables), so the
 * imports route asks for one as a large upload begins (`warm`), and the import that follows takes it
 * (`take`) ready to parse: the start-up is hidden behind the upload instead of added after it.
 */
export class ParsingWorkers {
  private spare: { worker: Worker; expires: NodeJS.Timeout } | undefined;

  constructor(private readonly spareForMs = SPARE_FOR_MS) {}

  /** Whether a worker is started and waiting for its import. */
  get waiting(): boolean {
    return this.spare !== undefined;
  }

  /** Has one worker started and waiting for its import, unless one already is. */
  warm(): void {
    if (this.spare) {
      this.spare.expires.refresh();
      return;
    }
    const worker = startWorker();
    const drop = () => {
      if (this.spare?.worker !== worker) return;
      clearTimeout(this.spare.expires);
      this.spare = undefined;
    };
    // A spare that fails or ends is forgotten; one taken reports to its import from then on.
    worker.on('error', drop).on('exit', drop);
    const expires = setTimeout(() => {
      drop();
      void worker.terminate();
    }, this.spareForMs).unref();
    // Waiting, it must not keep the process alive.
    worker.unref();
    this.spare = { worker, expires };
  }

  /** The waiting worker, or a new one. */
  take(): Worker {
    const spare = this.spare;
    if (!spare) return startWorker();
    clearTimeout(spare.expires);
    this.spare = undefined;
    spare.worker.ref();
    return spare.worker;
  }

  /** Stops the waiting worker, if any (shutdown, or an import that parses on the writing thread). */
  async stopSpare(): Promise<void> {
    const spare = this.spare;
    this.spare = undefined;
    if (spare) {
      clearTimeout(spare.expires);
      await spare.worker.terminate();
    }
  }
}

function startWorker(): Worker {
  return new Worker(WORKER_URL, {
    execArgv: [],
    // Parsing streams; its heap stays small. The bound keeps a hostile file from taking the server's memory.
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 },
  });
}

/**
 * Parses and prepares in a worker thread and yields its batches here, in order. Stopping early (the
 * caller breaks out, or the import is aborted) terminates the worker.
 */
export async function* readInWorker(
  input: ChunkSourceInput,
  limits: BatchLimits,
  workers: ParsingWorkers,
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
  const worker = workers.take();
  worker.postMessage(data);
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
