import type { NewSample } from '@healthfolio/core';
import {
  ImportFormatError,
  type ImportChunk,
  type ImportContext,
  type ImportFile,
  type ImportIssue,
  type Importer,
} from '../types';
import { mapActivityRow } from './activities-csv';
import { Columns, csvRows } from './csv-rows';
import { classify, detectStrava, findActivitiesCsv } from './detect';
import { readFitHeartRate } from './read-fit';
import { readTrack } from './read-track';

const CHUNK = 2000;

/**
 * Strava's bulk export (activities.csv with activities/<id>.gpx|.tcx|.fit) or a lone GPX/TCX file.
 * In the export the CSV gives one workout per activity and the track files add heart rate only, so a
 * workout is never counted twice.
 */
export const stravaImporter = {
  format: 'strava',
  label: 'Strava bulk export (activities.csv, GPX, TCX)',
  detect: detectStrava,
  read: readStrava,
} satisfies Importer;

async function* readStrava(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  const csv = await findActivitiesCsv(files);
  if (csv) yield* readActivitiesCsv(csv, context);
  for (const file of files) {
    if (file === csv || context.signal?.aborted) continue;
    const kind = await classify(file);
    if (kind === 'gpx' || kind === 'tcx') yield* readTrack(file, context, !csv);
    else if (kind === 'fit' && csv) yield* readFitHeartRate(file, context);
  }
}

async function* readActivitiesCsv(file: ImportFile, context: ImportContext): AsyncGenerator<ImportChunk> {
  let columns: Columns | undefined;
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
        continue;
      }
      records += 1;
      const result = mapActivityRow(row, line, columns, file.name, context);
      if ('sample' in result) samples.push(result.sample);
      else if ('issue' in result) issues.push(result.issue);
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
