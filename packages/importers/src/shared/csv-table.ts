import type { NewSample } from '@healthfolio/core';
import {
  ImportFormatError,
  type ImportChunk,
  type ImportContext,
  type ImportFile,
  type ImportIssue,
} from '../types';
import { ChunkBuffer } from './chunk-buffer';
import { readCsvCells } from './csv';

/** What a row of a table gave: a sample, an issue, or nothing (it still counts as a record). */
export type TableRow = { sample: NewSample } | { issue: ImportIssue } | { skip: true };

/** Maps one row after the header, with its line; undefined when the row is not a record at all. */
export type RowMapper = (row: string[], line: number) => TableRow | undefined;

/**
 * Reads a CSV export of one record a row (Strava's activities.csv, Peloton's workouts) by position, so
 * that a column name written twice keeps both columns: `start` gets the header row and answers the
 * mapper of the rows below it. Chunks are handed on as they fill, the last one even when empty. A file
 * cut off or damaged yields what was read, then throws ImportFormatError with the line.
 */
export async function* readCsvTable(
  file: ImportFile,
  context: ImportContext,
  start: (header: string[]) => RowMapper,
): AsyncGenerator<ImportChunk> {
  const out = new ChunkBuffer();
  let map: RowMapper | undefined;
  let lastLine = 0;
  try {
    for await (const { row, line } of readCsvCells(file)) {
      lastLine = line;
      if (!map) {
        map = start(row);
        continue;
      }
      const result = map(row, line);
      if (!result) continue;
      out.record();
      if ('sample' in result) out.add(result.sample);
      else if ('issue' in result) out.issue(result.issue);
      if (out.full) {
        yield out.take();
        if (context.signal?.aborted) return;
      }
    }
  } catch (error) {
    yield out.take();
    throw new ImportFormatError(
      `${file.name} cannot be read after line ${lastLine}: ${(error as Error).message}`,
      {
        file: file.name,
        line: (error as { lines?: number }).lines ?? lastLine + 1,
      },
    );
  }
  yield out.take();
}

/**
 * A table's chunks, each with the readings a `tally` counted as skipped while its rows were mapped
 * (columns a row fills that no kind keeps: Peloton's and Strava's workout figures).
 */
export async function* withSkipped(
  chunks: AsyncGenerator<ImportChunk>,
  tally: ChunkBuffer,
): AsyncGenerator<ImportChunk> {
  for await (const chunk of chunks) {
    const { records, skipped } = tally.take();
    chunk.records += records;
    if (skipped) chunk.skipped = skipped;
    yield chunk;
  }
}
