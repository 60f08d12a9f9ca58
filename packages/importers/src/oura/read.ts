import { ChunkBuffer } from '../shared/chunk-buffer';
import { readCsv } from '../shared/csv';
import { jsonRecords } from '../shared/json-records';
import type { ImportChunk, ImportContext, ImportFile, ImportIssue } from '../types';
import { ouraFiles, type OuraFile } from './detect';
import { mapRecord, recordKind, type RecordKind } from './records';
import type { Skip } from './fields';
import { trendsRecords, trendsSkipped } from './trends';
import type { Fields } from './values';

type Found = { kind: RecordKind; fields: Fields }[];

/** A record of a file: what it is, the readings its cells hold beyond those (trends), and where it is. */
interface FileRecord {
  found: Found;
  /** Readings no mapping reads: a trends row's other columns, a JSON record of a type we do not read. */
  skipped: Skip[];
  at: Omit<ImportIssue, 'message'>;
}

/** Records of one file, each with where to point an issue. */
async function* recordsOf(source: OuraFile): AsyncGenerator<FileRecord> {
  const file = source.file.name;
  if (source.shape === 'json') {
    let record = 0;
    for await (const { key, value } of jsonRecords(source.file, { formatError: true })) {
      const fields = value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
      const kind = recordKind(fields);
      const at = { file, record: record++ };
      if (kind) yield { found: [{ kind, fields }], skipped: [], at };
      else yield { found: [], skipped: [unreadRecord(key)], at };
    }
    return;
  }
  const options = source.shape === 'app-csv' ? { delimiter: source.delimiter } : {};
  for await (const { cells, line } of readCsv(source.file, { ...options, formatError: true })) {
    if (source.shape === 'trends-csv') {
      const found = trendsRecords(cells);
      const skipped = trendsSkipped(
        cells,
        found.map((f) => f.kind),
      );
      yield { found, skipped, at: { file, line } };
    } else {
      const kind = recordKind(cells);
      yield { found: kind ? [{ kind, fields: cells }] : [], skipped: [], at: { file, line } };
    }
  }
}

/** A JSON record of a type we do not read (daily_readiness, daily_sleep …): one reading, skipped. */
function unreadRecord(key: string | null): Skip {
  const type = key && key !== 'data' ? key : 'Oura record';
  return /readiness|score|daily_sleep|resilience/i.test(type)
    ? {
        type,
        reason: "Oura's own scores, worked out from other readings: not measurements Healthfolio keeps",
      }
    : { type, reason: 'Healthfolio does not read this Oura data type yet' };
}

/**
 * Reads every Oura file of the upload. Every reading is accounted for: each filled field of a record is
 * a sample, an issue or skipped under its name (`fields.ts`); a record refused whole is one issue, and a
 * record left whole (a deleted sleep period, a JSON record of a type we do not read) one skipped reading.
 */
export async function* readOura(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  const chunk = new ChunkBuffer();
  try {
    for (const source of await ouraFiles(files)) {
      for await (const { found, skipped, at } of recordsOf(source)) {
        if (context.signal?.aborted) return;
        for (const { kind, fields } of found) {
          const mapped = mapRecord(kind, fields, context.timeZone);
          if ('problem' in mapped) {
            chunk.record();
            chunk.issue({ message: mapped.problem, ...at });
          } else if ('skip' in mapped) chunk.skip(mapped.skip.type, mapped.skip.reason);
          else {
            chunk.record(mapped.samples.length + mapped.problems.length);
            chunk.add(...mapped.samples);
            for (const message of mapped.problems) chunk.issue({ message, ...at });
            for (const { type, reason } of mapped.skipped) chunk.skip(type, reason);
          }
        }
        for (const { type, reason } of skipped) chunk.skip(type, reason);
        if (chunk.full) yield chunk.take();
      }
    }
  } catch (error) {
    if (chunk.pending) yield chunk.take();
    throw error;
  }
  if (chunk.pending) yield chunk.take();
}
