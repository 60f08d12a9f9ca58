import { ChunkBuffer } from '../shared/chunk-buffer';
import { readCsv } from '../shared/csv';
import type { ImportChunk, ImportContext, ImportFile } from '../types';
import { whoopFiles } from './detect';
import { mapCycle, mapSleep, mapWorkout, type Mapped } from './map';

/**
 * Reads physiological_cycles.csv, sleeps.csv and workouts.csv. Sleep is taken from sleeps.csv (naps
 * included) and from the cycles only when sleeps.csv is not in the upload, so a night is never stored
 * twice. Journal answers are not metrics and are skipped.
 */
export async function* readWhoop(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  const chunk = new ChunkBuffer();
  const tables = await whoopFiles(files);
  const haveSleeps = tables.some((t) => t.table === 'sleeps');
  const zone = context.timeZone;
  try {
    for (const { file, table } of tables) {
      if (table === 'journal') continue;
      for await (const { cells, line } of readCsv(file, { formatError: true })) {
        if (context.signal?.aborted) return;
        chunk.record();
        const mapped: Mapped =
          table === 'cycles'
            ? mapCycle(cells, zone, !haveSleeps)
            : table === 'sleeps'
              ? mapSleep(cells, zone)
              : mapWorkout(cells, zone);
        if ('samples' in mapped) chunk.add(...mapped.samples);
        else chunk.issue({ message: mapped.problem, file: file.name, line });
        if (chunk.full) yield chunk.take();
      }
    }
  } catch (error) {
    if (chunk.pending) yield chunk.take();
    throw error;
  }
  if (chunk.pending) yield chunk.take();
}
