import {
  ImportFormatError,
  type ImportChunk,
  type ImportContext,
  type ImportFile,
  type Importer,
} from '../types';
import { parseHealthAutoExport } from './parse';

/** The app's JSON exports of a few months; a file is parsed whole, so a longer one is refused with advice. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;
const CHUNK_SAMPLES = 5_000;
const HEAD = /^\s*\{\s*"data"\s*:\s*\{\s*"(metrics|workouts)"\s*:/;

/** By content: a JSON object whose first key is `data` holding `metrics` or `workouts`. */
const isExport = async (file: ImportFile) =>
  HEAD.test((await file.head()).toString('utf8').replace(/^\uFEFF/, ''));

async function readText(file: ImportFile): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of file.open()) parts.push(part as Buffer);
  return Buffer.concat(parts)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/**
 * The JSON files the iOS app Health Auto Export writes when asked to export (the same JSON its REST API
 * automation posts to an ingest URL): metrics and workouts, written under Apple Health.
 */
async function* readHealthAutoExport(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncIterable<ImportChunk> {
  for (const file of files) {
    if (!(await isExport(file))) continue;
    if (file.size > MAX_FILE_BYTES) {
      throw new ImportFormatError(
        `${file.name} is larger than 32 MB: export a shorter date range in Health Auto Export, or use its REST API automation`,
        { file: file.name },
      );
    }
    let payload: unknown;
    try {
      payload = JSON.parse(await readText(file));
    } catch {
      throw new ImportFormatError('The file is not complete JSON (cut off or damaged)', { file: file.name });
    }
    const result = parseHealthAutoExport(payload, { source: 'apple_healthkit', timeZone: context.timeZone });
    const issues = result.issues.map((i) => ({ ...i, file: file.name }));
    for (let i = 0; i < result.samples.length || i === 0; i += CHUNK_SAMPLES) {
      const last = i + CHUNK_SAMPLES >= result.samples.length;
      yield {
        samples: result.samples.slice(i, i + CHUNK_SAMPLES),
        records: last ? result.records : 0,
        ...(last && issues.length > 0 ? { issues } : {}),
      };
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
  readsWhole: true,
} satisfies Importer;
