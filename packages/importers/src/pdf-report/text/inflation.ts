import { constants, createInflate, inflateSync } from 'node:zlib';

/** A stream inflating to at most this is inflated at once (most are: page contents, fonts). */
const AT_ONCE_BYTES = 4 * 1024 * 1024;
/** Inflated output of a first Flate layer held to look inside it (a stream compressed twice). */
const NESTED_HOLD_BYTES = 16 * 1024 * 1024;

/** A zlib header (RFC 1950): deflate, a window that fits, and the check bits right. */
const isZlib = (buf: Buffer, at: number): boolean =>
  at + 1 < buf.length &&
  (buf[at]! & 0x0f) === 8 &&
  buf[at]! >> 4 <= 7 &&
  (buf[at]! * 256 + buf[at + 1]!) % 31 === 0;

/**
 * Whether the PDF's Flate streams inflate to more than `limit` bytes in all: a decompression bomb that
 * would cost pdf.js far more memory and time than any report. Streams are found in the raw file (a stream
 * never sits inside an object stream), inflated by zlib a MiB at a time and only counted, so the check
 * holds no more than a MiB and stops as soon as the sum passes the limit. A stream compressed twice is
 * looked into once more. Damage is left to pdf.js, which says so.
 */
export async function inflatesPast(bytes: Uint8Array, limit: number): Promise<boolean> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let total = 0;
  let at = 0;
  for (;;) {
    const keyword = buf.indexOf('stream', at, 'latin1');
    if (keyword < 0) return false;
    at = keyword + 6;
    if (keyword >= 3 && buf.toString('latin1', keyword - 3, keyword) === 'end') continue;
    let start = at;
    if (buf[start] === 0x0d) start++;
    if (buf[start] !== 0x0a && start === at) continue; // "stream" inside other text
    if (buf[start] === 0x0a) start++;
    const end = buf.indexOf('endstream', start, 'latin1');
    const stop = end < 0 ? buf.length : end;
    at = stop;
    if (!isZlib(buf, start)) continue;
    total += await countInflated(buf.subarray(start, stop), limit - total, 0);
    if (total > limit) return true;
  }
}

/** Bytes `data` inflates to, counted up to just past `budget`: at once when small, else streamed. */
async function countInflated(data: Buffer, budget: number, depth: number): Promise<number> {
  let out: Buffer;
  try {
    out = inflateSync(data, {
      maxOutputLength: Math.min(budget + 1, AT_ONCE_BYTES),
      finishFlush: constants.Z_SYNC_FLUSH,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      return inflatedBytes(data, budget, depth);
    return 0; // damaged: pdf.js says so
  }
  if (depth < 2 && isZlib(out, 0) && out.length <= budget) {
    return out.length + (await countInflated(out, budget - out.length, depth + 1));
  }
  return out.length;
}

/** Bytes `data` inflates to, streamed a MiB at a time and counted up to just past `budget`. */
function inflatedBytes(data: Buffer, budget: number, depth: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 1024 * 1024, finishFlush: constants.Z_SYNC_FLUSH });
    let out = 0;
    let inner: Buffer[] | undefined;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      if (!inner || out > budget) return resolve(out);
      const nested = Buffer.concat(inner);
      void countInflated(nested, budget - out, depth + 1).then((more) => resolve(out + more));
    };
    inflate.on('data', (chunk: Buffer) => {
      if (out === 0 && depth < 2 && isZlib(chunk, 0)) inner = [];
      out += chunk.length;
      if (inner) {
        if (out <= NESTED_HOLD_BYTES) inner.push(chunk);
        else inner = undefined;
      }
      if (out > budget) finish();
    });
    inflate.on('end', finish);
    inflate.on('error', finish);
    inflate.end(data);
  });
}
