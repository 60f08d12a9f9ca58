import { Transform } from 'node:stream';
import type { ImportFile } from '@healthfolio/importers';

/** Wraps an upload's files so every byte an importer reads is counted, for the progress bar. */
export function countedFiles(files: readonly ImportFile[], onBytes: (n: number) => void): ImportFile[] {
  return files.map((file) => ({
    name: file.name,
    size: file.size,
    head: () => file.head(),
    open: () => {
      const source = file.open();
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          onBytes(chunk.length);
          done(null, chunk);
        },
      });
      source.on('error', (error) => counter.destroy(error));
      return source.pipe(counter);
    },
  }));
}
