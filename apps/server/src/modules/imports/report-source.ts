import { Worker } from 'node:worker_threads';
import { PdfReportError, type ReportExtraction } from '@healthfolio/importers';
import type { ReportWorkerInput, ReportWorkerMessage } from './report-messages';

const WORKER_URL = new URL('./report-worker.mjs', import.meta.url);

/** How much one report may cost: the worker's heap and the wall-clock time it may take. */
export interface ReportLimits {
  timeoutMs: number;
  heapMb: number;
}

export const DEFAULT_REPORT_LIMITS: ReportLimits = { timeoutMs: 20_000, heapMb: 256 };

/** The extraction stopped for lack of time or memory: the PDF is what is wrong, said as its failure. */
export const tooSlow = (seconds: number) =>
  new PdfReportError(
    'damaged',
    `This PDF took too long to read (more than ${seconds} s), so we stopped. Upload the lab's digital PDF (download it from the lab's patient portal), or enter the values by hand.`,
  );
export const tooBig = () =>
  new PdfReportError(
    'damaged',
    "This PDF needs more memory to read than any lab or DEXA report does, so we stopped. Upload the lab's digital PDF (download it from the lab's patient portal), or enter the values by hand.",
  );

/**
 * Reads a report in a worker thread with a capped heap, terminated after the time limit or when the
 * import is stopped. Resolves with the extraction; rejects with a PdfReportError for a PDF we refuse
 * (or one too slow or too large to read), and with an Error when the worker itself broke.
 */
export function extractInWorker(
  input: ReportWorkerInput,
  limits: ReportLimits = DEFAULT_REPORT_LIMITS,
  signal?: AbortSignal,
): Promise<ReportExtraction> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: input,
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.heapMb,
        maxYoungGenerationSizeMb: 32,
        stackSizeMb: 4,
      },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => settle(() => reject(tooSlow(Math.round(limits.timeoutMs / 1000)))),
      limits.timeoutMs,
    );
    const stop = () => settle(() => reject(signal!.reason));
    signal?.addEventListener('abort', stop, { once: true });
    worker.on('message', (message: ReportWorkerMessage) => {
      if (message.type === 'done') settle(() => resolve(message.extraction));
      else if (message.type === 'refused')
        settle(() => reject(new PdfReportError(message.code, message.message)));
      else settle(() => reject(new Error(message.message)));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooBig() : error));
    });
    worker.on('exit', (code) => settle(() => reject(new Error(`The report worker stopped (code ${code})`))));
  });
}
