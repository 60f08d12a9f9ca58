/** What the parsing worker (read-worker.ts) and the writing thread (worker-source.ts) say to each other. */
import { ImportFormatError } from '@healthfolio/importers';
import type { PreparedBatchData } from '../metrics/prepared-batch';
import type { BatchLimits, ImportBatch } from './chunk-source';

export interface WorkerInput {
  format: string;
  path: string;
  fileName: string;
  size: number;
  owner: { name: string; email: string };
  timeZone: string;
  limits: BatchLimits;
}

export type WorkerMessage =
  | ({ type: 'batch' } & ImportBatch<PreparedBatchData>)
  | { type: 'done' }
  | { type: 'failed'; failure: SerializedFailure };

/** An ImportFormatError as it crosses the worker boundary. */
export interface SerializedFailure {
  formatError: boolean;
  message: string;
  where?: ImportFormatError['where'];
}

export function serializeFailure(error: unknown): SerializedFailure {
  if (error instanceof ImportFormatError) {
    return { formatError: true, message: error.message, ...(error.where ? { where: error.where } : {}) };
  }
  return {
    formatError: false,
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  };
}

export function reviveFailure(failure: SerializedFailure): Error {
  return failure.formatError
    ? new ImportFormatError(failure.message, failure.where)
    : new Error(failure.message);
}
