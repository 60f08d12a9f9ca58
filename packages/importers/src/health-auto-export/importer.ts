import {
  ImportFormatError,
  type ImportChunk,
  type ImportContext,
  type ImportFile,
  type Importer,
} from '../types';
import { DamagedJsonError, DeepJsonError } from '../shared/json-tokens';
import { streamHealthAutoExport } from './stream';

/** Samples per chunk handed to the pipeline. */
const CHUNK_SAMPLES = 5_000;
const HEAD = /^\s*\{\s*"data"\s*:\s*\{\s*"(metrics|workouts)"\s*:/;

/** By content: a JSON object whose first key is `data` holding `metrics` or `workouts`. */
const isExport = async (file: ImportFile) =>
  HEAD.test((await file.head()).toString('utf8').replace(/^\uFEFF/, ''));

/**
 * The JSON files the iOS app Health Auto Export writes when asked to export (the same JSON its REST API
 * automation posts to an ingest URL): metrics and workouts, written under Apple Health. Read as a stream
 * (`stream.ts`), so a file of years of readings never sits in memory whole.
 */
async function* readHealthAutoExport(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncIterable<ImportChunk> {
  for (const file of files) {
    if (!(await isExport(file))) continue;
    const parts = streamHealthAutoExport(
      file,
      { source: 'apple_healthkit', timeZone: context.timeZone },
      CHUNK_SAMPLES,
    );
    try {
      for await (const part of parts) {
        const issues = part.issues?.map((i) => ({ ...i, file: file.name }));
        yield {
          samples: part.samples,
          records: part.records,
          ...(issues && issues.length > 0 ? { issues } : {}),
          ...(part.skipped ? { skipped: part.skipped } : {}),
        };
      }
    } catch (error) {
      // The readings before the damage were yielded; where it is, is said to the byte's slice.
      const byte = error instanceof DamagedJsonError ? { byte: error.byte } : {};
      const message =
        error instanceof DeepJsonError
          ? `The file ${error.message}, which no export does: it was read no further`
          : 'The file is not complete JSON (cut off or damaged)';
      throw new ImportFormatError(message, {
        file: file.name,
        ...byte,
      });
    }
  }
}

export const healthAutoExportImporter = {
  format: 'health-auto-export',
  label: 'Health Auto Export JSON (iPhone)',
  detect: async (files) => {
    for (const file of files) if (await isExport(file)) return 0.95;
    return 0;
  },
  read: readHealthAutoExport,
} satisfies Importer;
