import { ImportFormatError, type ImportChunk, type ImportFile } from '../types';
import type { ChunkBuffer } from './chunk-buffer';

/**
 * Runs a file's reader; when the file breaks down (a CSV the parser gives up on), yields what was read
 * and throws ImportFormatError naming the file, so the records before the damage stay imported. An
 * ImportFormatError the reader throws itself passes through as it is.
 */
export async function* guarded(
  file: ImportFile,
  out: ChunkBuffer,
  read: () => AsyncGenerator<ImportChunk>,
): AsyncGenerator<ImportChunk> {
  try {
    yield* read();
  } catch (error) {
    if (error instanceof ImportFormatError) throw error;
    yield* out.chunks(true);
    throw new ImportFormatError(`${file.name} cannot be read on: ${(error as Error).message}`, {
      file: file.name,
    });
  }
}
