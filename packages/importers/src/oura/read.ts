import { ChunkBuffer } from '../shared/chunk-buffer';
import { readCsv } from '../shared/csv';
import { jsonRecords } from '../shared/json-records';
import type { ImportChunk, ImportContext, ImportFile, ImportIssue } from '../types';
import { ouraFiles, type OuraFile } from './detect';
import { mapRecord, recordKind, type RecordKind } from './records';
import { trendsRecords } from './trends';
import type { Fields } from './values';

type Found = { kind: RecordKind; fields: Fields }[];

/** Records of one file, each with where to point an issue. */
async function* recordsOf(
  source: OuraFile,
): AsyncGenerator<{ found: Found; at: Omit<ImportIssue, 'message'> }> {
  const file = source.file.name;
  if (source.shape === 'json') {
    let record = 0;
    for await (const { value } of jsonRecords(source.file, { formatError: true })) {
      const fields = value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
      const kind = recordKind(fields);
      yield { found: kind ? [{ kind, fields }] : [], at: { file, record: record++ } };
    }
    return;
  }
  const options = source.shape === 'app-csv' ? { delimiter: source.delimiter } : {};
  for await (const { cells, line } of readCsv(source.file, { ...options, formatError: true })) {
    if (source.shape === 'trends-csv') {
      yield { found: trendsRecords(cells), at: { file, line } };
    } else {
      const kind = recordKind(cells);
      yield { found: kind ? [{ kind, fields: cells }] : [], at: { file, line } };
    }
  }
}

export async function* readOura(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  const chunk = new ChunkBuffer();
  try {
    for (const source of await ouraFiles(files)) {
      for await (const { found, at } of recordsOf(source)) {
        if (context.signal?.aborted) return;
        chunk.record();
        for (const { kind, fields } of found) {
          const mapped = mapRecord(kind, fields, context.timeZone);
          if ('samples' in mapped) chunk.add(...mapped.samples);
          else chunk.issue({ message: mapped.problem, ...at });
        }
        if (chunk.full) yield chunk.take();
      }
    }
  } catch (error) {
    if (chunk.pending) yield chunk.take();
    throw error;
  }
  if (chunk.pending) yield chunk.take();
}
