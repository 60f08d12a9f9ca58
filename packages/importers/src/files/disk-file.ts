import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import type { ImportFile } from '../types';
import { once, readHead } from './head';
import { nestedArchive, UnsafeArchiveError } from './zip';

const MAX_GZIP_RATIO = 200;

/** An uploaded file on disk, as it is. */
export function fileFromPath(path: string, name: string, size: number): ImportFile {
  const open = () => createReadStream(path, { highWaterMark: 1024 * 1024 });
  return { name, size, open, head: once(() => readHead(open())) };
}

/**
 * A gzip-compressed file read through gunzip. Its size is not known before reading; the compressed size
 * stands in for progress.
 */
export function gunzippedFile(inner: ImportFile, name: string): ImportFile {
  const limit = Math.max(inner.size * MAX_GZIP_RATIO, 16 * 1024 * 1024);
  const open = () => {
    const gunzip = createGunzip();
    let out = 0;
    gunzip.on('data', (chunk: Buffer) => {
      out += chunk.length;
      if (out > limit)
        gunzip.destroy(
          new UnsafeArchiveError(
            `${name} unpacks far larger than it is packed: refused as a decompression bomb, read no further`,
          ),
        );
    });
    return inner.open().pipe(gunzip);
  };
  // A zip inside the gzip is an archive inside an archive: refused, not opened.
  const head = once(async () => {
    const bytes = await readHead(open());
    if (isZip(bytes)) throw nestedArchive(name);
    return bytes;
  });
  return { name, size: inner.size, open, head };
}

export const isGzip = (head: Buffer) => head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
export const isZip = (head: Buffer) =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
