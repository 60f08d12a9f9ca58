import { ChunkBuffer } from '../shared/chunk-buffer';
import { Columns } from '../shared/csv';
import { readCsvTable, withSkipped } from '../shared/csv-table';
import type { ImportChunk, ImportContext, ImportFile, Importer } from '../types';
import { mapActivityRow, unkeptColumns } from './activities-csv';
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

/**
 * activities.csv: one workout an activity, by position (Strava writes some column names twice). The
 * workout is one reading; each figure it does not keep is a reading skipped under its column name,
 * tallied beside the table and added to the chunk of its row.
 */
function readActivitiesCsv(file: ImportFile, context: ImportContext): AsyncGenerator<ImportChunk> {
  const tally = new ChunkBuffer();
  const rows = readCsvTable(file, context, (header) => {
    const columns = new Columns(header);
    const unkept = unkeptColumns(header);
    return (row, line) => {
      const mapped = mapActivityRow(row, line, columns, file.name, context);
      if (mapped && 'sample' in mapped) {
        for (const { name, positions, reason } of unkept) {
          if (positions.some((i) => row[i]?.trim())) tally.skip(name, reason);
        }
      }
      return mapped;
    };
  });
  return withSkipped(rows, tally);
}
