/**
 * The report worker: reads one lab or DEXA PDF and posts what it found, or why it could not. It runs in
 * a thread with a small heap and is terminated when it takes too long, so a hostile PDF costs the
 * server nothing but the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { extractReport, fileFromPath, PdfReportError } from '@healthfolio/importers/pdf-report';
import type { ReportWorkerInput, ReportWorkerMessage } from './report-messages';

const input = workerData as ReportWorkerInput;
const post = (message: ReportWorkerMessage) => parentPort!.postMessage(message);

try {
  // Reports arrive as the PDF itself, never zipped: the file is read as it is.
  const extraction = await extractReport(fileFromPath(input.path, input.fileName, input.size), input.options);
  post({ type: 'done', extraction });
} catch (error) {
  post(
    error instanceof PdfReportError
      ? { type: 'refused', code: error.code, message: error.message }
      : { type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) },
  );
}
