import type { ClinicalRecordInput, WorkoutTrackInput } from '@healthfolio/core';
import type {
  AccountRestore,
  ImportChunk,
  ImportContext,
  ImportIssue,
  Importer,
  SkippedRecords,
} from '@healthfolio/importers';
import { ImportFormatError, openUpload } from '@healthfolio/importers';
import { BatchPreparer, type PreparedBatch } from '../metrics/prepared-batch';
import { countedFiles } from './counted-files';

/**
 * Where an import's batches come from: this thread, or a parsing worker (worker-source.ts). Both throw
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

/**
 * The first batch holds this many samples (or `samples`, if fewer), and each next one twice as many up
 * to `samples`: the writer starts on a batch parsed in milliseconds instead of waiting for a whole one,
 * and it writes each batch in about the time the next, twice as large, takes to parse.
 */
const FIRST_BATCH = 1250;

/** When a batch is complete, and where a resumed import starts. */
export interface BatchLimits {
  /** Samples written before a restart: read again, not written again. */
  skip: number;
  /** Samples per batch (one transaction each), once the first few have ramped up to it (FIRST_BATCH). */
  samples: number;
  /** Clinical-view records (FHIR imports) per batch. */
  clinical: number;
  /** A batch also ends after this long, so progress is saved while records give no samples. */
  everyMs: number;
}

/**
 * One transaction's worth of an import, with the counts of the chunks that began in it. Both parsing
 * paths hand over prepared samples; a worker's cross the thread as PreparedBatchData.
 */
export interface ImportBatch<S = PreparedBatch> {
  samples: S;
  /** Samples in it, rejected ones included: the resume position moves on by this many. */
  count: number;
  records: number;
  issues: ImportIssue[];
  warnings: string[];
  skipped: SkippedRecords[];
  clinical: ClinicalRecordInput[];
  /** Workout tracks, written with the batch (replaced by identity, so a resumed import may write them again). */
  tracks: WorkoutTrackInput[];
  /** What a Healthfolio export restores besides samples (settings, goals), applied once the batch is written. */
  restore: AccountRestore[];
  /** Bytes the importer had read when the batch ended. */
  bytesRead: number;
}

/** Parses on this thread: for small files, where starting a worker would cost more than it saves. */
export async function* readHere(input: ChunkSourceInput): AsyncGenerator<SourcedChunk> {
  const upload = await openUpload(input.path, input.fileName, input.size);
  let bytesRead = 0;
  try {
    const files = countedFiles(upload.files, (n) => (bytesRead += n));
    const path = input.importer.format;
    for await (const chunk of input.importer.read(files, input.context)) {
      input.context.signal?.throwIfAborted();
      // The file's format is the path its readings came by (sample-paths.ts): the same device's readings
      // from the provider's API, or from another kind of file, are then never counted twice.
      for (const sample of chunk.samples) sample.path ??= path;
      yield { chunk, bytesRead };
    }
    // Importers stop quietly when aborted; the end of a stopped read must not pass for the end of the file.
    input.context.signal?.throwIfAborted();
  } finally {
    upload.close();
  }
}

/**
 * Gathers chunks into batches of `limits.samples` samples. Importers yield in a fixed order, so a
 * resumed import passes over the first `skip` samples; the records and problems of a chunk count with
 * the batch its first sample goes to, so those of a chunk begun before `skip` are not counted again.
 */
export async function* inBatches(
  chunks: AsyncIterable<SourcedChunk>,
  limits: BatchLimits,
): AsyncGenerator<ImportBatch> {
  /** A batch being gathered: its preparer counts its samples. */
  type Gathering = Omit<ImportBatch<BatchPreparer>, 'count'>;
  const empty = (bytesRead = 0): Gathering => ({
    samples: new BatchPreparer(limits.samples),
    records: 0,
    issues: [],
    warnings: [],
    skipped: [],
    clinical: [],
    tracks: [],
    restore: [],
    bytesRead,
  });
  const complete = (batch: Gathering): ImportBatch => ({
    ...batch,
    samples: batch.samples.finish(),
    count: batch.samples.count,
  });
  let size = Math.min(FIRST_BATCH, limits.samples);
  let batch = empty();
  let started = Date.now();
  let seen = 0;
  try {
    for await (const { chunk, bytesRead } of chunks) {
      // Upserted by origin id, so writing them again on a resumed import ends with the same rows.
      if (chunk.clinical) batch.clinical.push(...chunk.clinical);
      if (chunk.tracks) batch.tracks.push(...chunk.tracks);
      // Restoring the same settings and goals twice changes nothing: a resumed import applies them again.
      if (chunk.restore) batch.restore.push(chunk.restore);
      if (seen >= limits.skip) {
        batch.records += chunk.records;
        batch.issues.push(...(chunk.issues ?? []));
        batch.warnings.push(...(chunk.warnings ?? []));
        batch.skipped.push(...(chunk.skipped ?? []));
      }
      batch.bytesRead = bytesRead;
      for (const sample of chunk.samples) {
        if (seen++ < limits.skip) continue;
        // Prepared and packed as it comes: a batch holds no object per sample (see BatchPreparer).
        batch.samples.add(sample);
        if (batch.samples.count >= size) {
          yield complete(batch);
          size = Math.min(size * 2, limits.samples);
          batch = empty(bytesRead);
          started = Date.now();
        }
      }
      if (batch.clinical.length >= limits.clinical || Date.now() - started >= limits.everyMs) {
        yield complete(batch);
        batch = empty(bytesRead);
        started = Date.now();
      }
    }
  } catch (error) {
    // A damaged file: what was read before the damage is written, then the import fails.
    if (error instanceof ImportFormatError) yield complete(batch);
    throw error;
  }
  yield complete(batch);
}
