import { ChunkBuffer } from '../shared/chunk-buffer';
import { Columns } from '../shared/csv';
import { readCsvTable, withSkipped } from '../shared/csv-table';
import type { ImportChunk, ImportContext, ImportFile, Importer } from '../types';
import { detectPeloton, pelotonFiles } from './detect';
import { distanceColumn, mapWorkoutRow, unkeptColumns } from './map';

/** The workouts CSV from a Peloton profile's "Download Workouts": one workout a row. */
export const pelotonImporter = {
  format: 'peloton',
  label: 'Peloton workouts CSV',
  detect: detectPeloton,
  read: readPeloton,
} satisfies Importer;

async function* readPeloton(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  for (const file of await pelotonFiles(files)) {
    if (context.signal?.aborted) return;
    yield* readWorkouts(file, context);
  }
}

/**
 * The workouts CSV, by position; blank rows are not records. A workout is one reading (its figures we
 * keep ride in its meta); the averages we do not keep are readings skipped under their column names,
 * tallied beside the table and added to the chunk of their rows.
 */
function readWorkouts(file: ImportFile, context: ImportContext): AsyncGenerator<ImportChunk> {
  const tally = new ChunkBuffer();
  const rows = readCsvTable(file, context, (header) => {
    const columns = new Columns(header);
    const distance = distanceColumn(header);
    const unkept = unkeptColumns(header);
    return (row, line) => {
      if (row.every((c) => c.trim() === '')) return undefined;
      const mapped = mapWorkoutRow(row, line, columns, distance, file.name, context);
      if ('sample' in mapped) {
        for (const { index, name, reason } of unkept) if (row[index]?.trim()) tally.skip(name, reason);
      }
      return mapped;
    };
  });
  return withSkipped(rows, tally);
}
