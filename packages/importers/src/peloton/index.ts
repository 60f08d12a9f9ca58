import type { NewSample } from '@healthfolio/core';
import {
  ImportFormatError,
  type ImportChunk,
  type ImportContext,
  type ImportFile,
  type ImportIssue,
  type Importer,
} from '../types';
import { Columns, csvRows } from '../strava/csv-rows';
import { detectPeloton, pelotonFiles } from './detect';
import { distanceColumn, mapWorkoutRow } from './map';

const CHUNK = 2000;

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

async function* readWorkouts(file: ImportFile, context: ImportContext): AsyncGenerator<ImportChunk> {
  let columns: Columns | undefined;
  let distance: ReturnType<typeof distanceColumn>;
  let samples: NewSample[] = [];
  let issues: ImportIssue[] = [];
  let records = 0;
  let lastLine = 0;
  const take = (): ImportChunk => {
    const chunk = { samples, records, ...(issues.length ? { issues } : {}) };
    [samples, issues, records] = [[], [], 0];
    return chunk;
  };
  try {
    for await (const { row, line } of csvRows(file)) {
      lastLine = line;
      if (!columns) {
        columns = new Columns(row);
        distance = distanceColumn(row);
        continue;
      }
      if (row.every((c) => c.trim() === '')) continue;
      records += 1;
      const result = mapWorkoutRow(row, line, columns, distance, file.name, context);
      if ('sample' in result) samples.push(result.sample);
      else issues.push(result.issue);
      if (samples.length >= CHUNK) {
        yield take();
        if (context.signal?.aborted) return;
      }
    }
  } catch (error) {
    yield take();
    throw new ImportFormatError(
      `${file.name} cannot be read after line ${lastLine}: ${(error as Error).message}`,
      {
        file: file.name,
        line: (error as { lines?: number }).lines ?? lastLine + 1,
      },
    );
  }
  yield take();
}
