import { UnsafeArchiveError } from '../files/zip';
import { ImportFormatError, type ImportChunk, type ImportContext, type ImportFile } from '../types';
import { ExportScanner } from './scanner';

/**
 * Samples per chunk handed to the pipeline, which packs them into its batch at once. Small, so the
 * sample objects die in the young generation: with 5 000 they outlived a young collection or two and
 * cost a 1 M-Record import ~0.8 s more CPU (apps/server/bench/import.bench.ts).
 */
export const CHUNK_SAMPLES = 1000;

/**
 * Streams one export.xml as chunks of samples. When the file is damaged, everything read before the
 * damage is yielded first and the ImportFormatError thrown after.
 */
export async function* readExport(file: ImportFile, context: ImportContext): AsyncGenerator<ImportChunk> {
  const scanner = new ExportScanner(file.name, context.timeZone);
  const stream = file.open();
  let failure: unknown;
  try {
    try {
      for await (const chunk of stream) {
        if (context.signal?.aborted) return;
        scanner.feed(chunk as Buffer);
        yield* take(scanner, false);
      }
      scanner.end();
    } catch (error) {
      failure = error;
    }
    if (context.signal?.aborted) return;
    yield* take(scanner, true);
  } finally {
    stream.destroy();
  }
  if (failure !== undefined) throw asFormatError(failure, file.name, scanner.bytesRead);
}

function* take(scanner: ExportScanner, all: boolean): Generator<ImportChunk> {
  const ledger = scanner.ledger;
  while (
    ledger.samples.length >= CHUNK_SAMPLES ||
    (all && (ledger.samples.length > 0 || ledger.records > 0))
  ) {
    const samples =
      ledger.samples.length > CHUNK_SAMPLES ? ledger.samples.splice(0, CHUNK_SAMPLES) : ledger.samples;
    if (samples === ledger.samples) ledger.samples = [];
    const chunk: ImportChunk = { samples, records: ledger.records };
    if (ledger.issues.length > 0) chunk.issues = ledger.issues;
    const skipped = ledger.takeSkipped();
    if (skipped) chunk.skipped = skipped;
    ledger.records = 0;
    ledger.issues = [];
    yield chunk;
  }
  if (all && ledger.issues.length > 0) {
    yield { samples: [], records: 0, issues: ledger.issues };
    ledger.issues = [];
  }
}

/** A stream that fails mid-way (a damaged zip entry) is damage like a cut file: reported where it happened. */
function asFormatError(error: unknown, file: string, byte: number): unknown {
  if (error instanceof ImportFormatError || error instanceof UnsafeArchiveError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ImportFormatError(`The file could not be read to its end: ${message}`, { file, byte });
}
