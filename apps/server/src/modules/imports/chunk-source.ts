import type { ImportChunk, ImportContext, Importer } from '@healthfolio/importers';
import { openUpload } from '@healthfolio/importers';
import { countedFiles } from './counted-files';

/**
 * Where an import's chunks come from: this thread, or a parsing worker (worker-source.ts). Both throw
 * the abort reason once the import is stopped, so a stopped read never looks like a finished one.
 */
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
    for await (const chunk of input.importer.read(files, input.context)) {
      input.context.signal?.throwIfAborted();
      yield { chunk, bytesRead };
    }
    // Importers stop quietly when aborted; the end of a stopped read must not pass for the end of the file.
    input.context.signal?.throwIfAborted();
  } finally {
    upload.close();
  }
}
