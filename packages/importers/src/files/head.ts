import type { Readable } from 'node:stream';
import { PROBE_BYTES } from '../types';

/** The first `limit` bytes of a stream; the stream is destroyed once they are read. */
export async function readHead(stream: Readable, limit = PROBE_BYTES): Promise<Buffer> {
  const parts: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      parts.push(buf);
      length += buf.length;
      if (length >= limit) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts).subarray(0, limit);
}

/** Remembers the first call's answer. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
}
