/**
 * The parsing worker: opens the upload, runs the importer and posts its chunks, packed, to the thread that
 * writes them. Parsing and writing then run on two cores at once. At most WINDOW chunks are in flight;
 * the writer acknowledges each, so a fast parser never fills memory ahead of a slow disk.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getImporter, isReviewImporter } from '@healthfolio/importers';
import { readHere } from './chunk-source';
import { packSamples } from './packed-samples';
import { serializeFailure, type WorkerInput, type WorkerMessage } from './worker-messages';

const WINDOW = 16;
const port = parentPort!;
const input = workerData as WorkerInput;
let inFlight = 0;
let wake: (() => void) | undefined;
port.on('message', () => {
  inFlight--;
  wake?.();
});

const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

try {
  const importer = getImporter(input.format);
  if (!importer || isReviewImporter(importer)) throw new Error(`No streaming importer for ${input.format}`);
  const chunks = readHere({ ...input, importer, context: { owner: input.owner, timeZone: input.timeZone } });
  for await (const { chunk, bytesRead } of chunks) {
    const samples = packSamples(chunk.samples);
    post(
      {
        type: 'chunk',
        samples,
        records: chunk.records,
        issues: chunk.issues ?? [],
        warnings: chunk.warnings ?? [],
        ...(chunk.clinical ? { clinical: chunk.clinical } : {}),
        bytesRead,
      },
      [samples.numbers.buffer as ArrayBuffer, samples.refs.buffer as ArrayBuffer],
    );
    inFlight++;
    while (inFlight >= WINDOW) await new Promise<void>((resolve) => (wake = resolve));
  }
  post({ type: 'done' });
} catch (error) {
  post({ type: 'failed', failure: serializeFailure(error) });
}
