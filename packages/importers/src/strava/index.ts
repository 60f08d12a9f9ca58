import { Columns } from '../shared/csv';
import { readCsvTable } from '../shared/csv-table';
import type { ImportChunk, ImportContext, ImportFile, Importer } from '../types';
import { mapActivityRow } from './activities-csv';
import { classify, detectStrava, findActivitiesCsv } from './detect';
import { readFitHeartRate } from './read-fit';
import { readTrack } from './read-track';

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

/** activities.csv: one workout an activity, by position (Strava writes some column names twice). */
function readActivitiesCsv(file: ImportFile, context: ImportContext): AsyncGenerator<ImportChunk> {
  return readCsvTable(file, context, (header) => {
    const columns = new Columns(header);
    return (row, line) => mapActivityRow(row, line, columns, file.name, context);
  });
}
