import { Columns } from '../shared/csv';
import { readCsvTable } from '../shared/csv-table';
import type { ImportChunk, ImportContext, ImportFile, Importer } from '../types';
import { detectPeloton, pelotonFiles } from './detect';
import { distanceColumn, mapWorkoutRow } from './map';

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

/** The workouts CSV, by position; blank rows are not records. */
function readWorkouts(file: ImportFile, context: ImportContext): AsyncGenerator<ImportChunk> {
  return readCsvTable(file, context, (header) => {
    const columns = new Columns(header);
    const distance = distanceColumn(header);
    return (row, line) =>
      row.every((c) => c.trim() === '')
        ? undefined
        : mapWorkoutRow(row, line, columns, distance, file.name, context);
  });
}
