/**
 * The parsing worker: opens the upload, runs the importer, gathers its samples into write batches and
 * prepares them (validated, normalized, in index order, packed) for the thread that writes. Parsing and
 * writing then run on two cores at once, and the writer builds no object per sample. At most WINDOW
 * batches are in flight; the writer acknowledges each, so a fast parser never fills memory ahead of a
 * slow disk.
 */
import { parentPort } from 'node:worker_threads';
import { getImporter, isReviewImporter } from '@healthfolio/importers';
import { preparedBatchData } from '../metrics/prepared-batch';
import { inBatches, readHere } from './chunk-source';
import { serializeFailure, type WorkerInput, type WorkerMessage } from './worker-messages';

const WINDOW = 3;
const port = parentPort!;
// Started ahead of its import (as the upload arrives), it waits here for what to read.
const input = await new Promise<WorkerInput>((resolve) => port.once('message', resolve));
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
  const context = { owner: input.owner, timeZone: input.timeZone };
  for await (const batch of inBatches(readHere({ ...input, importer, context }), input.limits)) {
    const { data, transfer } = preparedBatchData(batch.samples);
    post({ ...batch, type: 'batch', samples: data }, transfer);
    inFlight++;
    while (inFlight >= WINDOW) await new Promise<void>((resolve) => (wake = resolve));
  }
  post({ type: 'done' });
} catch (error) {
  post({ type: 'failed', failure: serializeFailure(error) });
}
