import { Readable } from 'node:stream';
import { PROBE_BYTES, type ImportFile } from '../types';

/** An ImportFile over bytes in memory: for tests and small fixtures. */
export function fileFromBuffer(name: string, content: Buffer | string, chunkBytes = 64 * 1024): ImportFile {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return {
    name,
    size: bytes.length,
    head: async () => bytes.subarray(0, PROBE_BYTES),
    open: () => {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += chunkBytes) chunks.push(bytes.subarray(i, i + chunkBytes));
      return Readable.from(chunks, { objectMode: false });
    },
  };
}
