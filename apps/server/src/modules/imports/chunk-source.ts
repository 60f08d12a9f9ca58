import type { ImportChunk, ImportContext, Importer } from '@healthfolio/importers';
import { ImportFormatError, openUpload } from '@healthfolio/importers';
import { countedFiles } from './counted-files';

/** Where an import's chunks come from: this thread, or a parsing worker (worker-source.ts). */
export interface ChunkSourceInput {
  importer: Importer;
  path: string;
  fileName: string;
  size: number;
  context: ImportContext;
}

export interface SourcedChunk {
  chunk: ImportChunk;
  /** Bytes the importer has read so far. */
  bytesRead: number;
}

/** Parses on this thread: for small files, where starting a worker would cost more than it saves. */
export async function* readHere(input: ChunkSourceInput): AsyncGenerator<SourcedChunk> {
  const upload = await openUpload(input.path, input.fileName, input.size);
  let bytesRead = 0;
  try {
    const files = countedFiles(upload.files, (n) => (bytesRead += n));
    for await (const chunk of input.importer.read(files, input.context)) yield { chunk, bytesRead };
  } finally {
    upload.close();
  }
}

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
