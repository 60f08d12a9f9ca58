/** What the parsing worker (read-worker.ts) and the writing thread (worker-source.ts) say to each other. */
import type { ClinicalRecordInput } from '@healthfolio/core';
import type { ImportIssue } from '@healthfolio/importers';
import { ImportFormatError } from '@healthfolio/importers';
import type { PackedSamples } from './packed-samples';

export interface WorkerInput {
  format: string;
  path: string;
  fileName: string;
  size: number;
  owner: { name: string; email: string };
  timeZone: string;
}

export type WorkerMessage =
  | {
      type: 'chunk';
      samples: PackedSamples;
      records: number;
      issues: ImportIssue[];
      warnings: string[];
      /** Clinical-view records (FHIR), plain objects: few next to the samples. */
      clinical?: ClinicalRecordInput[];
      bytesRead: number;
    }
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
