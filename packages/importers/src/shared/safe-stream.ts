import { PassThrough, type Duplex, type Readable } from 'node:stream';

/** An object the parser made, or the failure that ended the stream (always last). */
export type Safe<T> = { item: T } | { failure: Error };

/**
 * The objects `parser` makes of `source`, ending with a `failure` entry when either fails. A parser
 * piped straight into `for await` loses the objects still buffered when it fails, because a failing
 * stream is destroyed with its buffer; here the parser is never paused (the file is, instead), so every
 * object made before the damage reaches the reader first.
 */
export async function* safeObjects<T>(source: Readable, parser: Duplex): AsyncGenerator<Safe<T>> {
  const out = new PassThrough({ objectMode: true, highWaterMark: 256 });
  let finished = false;
  const finish = (failure?: Error) => {
    if (finished) return;
    finished = true;
    if (failure) out.end({ failure });
    else out.end();
  };
  parser.on('data', (item: T) => {
    if (!out.write({ item })) source.pause();
  });
  out.on('drain', () => source.resume());
  parser.on('end', () => finish());
  parser.on('error', (error: Error) => finish(error));
  source.on('error', (error: Error) => finish(error));
  source.pipe(parser);
  try {
    yield* out as AsyncIterable<Safe<T>>;
  } finally {
    source.destroy();
    parser.destroy();
    out.destroy();
  }
}
