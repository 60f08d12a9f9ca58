import { ChunkBuffer } from '../shared/chunk-buffer';
import { readCsv } from '../shared/csv';
import type { ImportChunk, ImportContext, ImportFile } from '../types';
import { whoopFiles } from './detect';
import { mapCycle, mapSleep, mapWorkout, type Mapped } from './map';

/**
 * Reads physiological_cycles.csv, sleeps.csv and workouts.csv. Sleep is taken from sleeps.csv (naps
 * included) and from the cycles only when sleeps.csv is not in the upload, so a night is never stored
 * twice. Every filled cell we do not keep is a reading skipped under its column name; each journal
 * answer is one skipped reading.
 */
const JOURNAL = 'Journal entry (journal_entries.csv)';
const JOURNAL_REASON =
  'an answer to a question of WHOOP\'s journal ("Have any alcoholic drinks?"), not a measurement';

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
      for await (const { cells, line } of readCsv(file, { formatError: true })) {
        if (context.signal?.aborted) return;
        if (table === 'journal') {
          chunk.skip(JOURNAL, JOURNAL_REASON);
          continue;
        }
        const mapped: Mapped =
          table === 'cycles'
            ? mapCycle(cells, zone, !haveSleeps)
            : table === 'sleeps'
              ? mapSleep(cells, zone)
              : mapWorkout(cells, zone);
        if ('problem' in mapped) {
          chunk.record();
          chunk.issue({ message: mapped.problem, file: file.name, line });
        } else {
          chunk.record(mapped.samples.length + mapped.problems.length);
          chunk.add(...mapped.samples);
          for (const message of mapped.problems) chunk.issue({ message, file: file.name, line });
          for (const { type, reason } of mapped.skipped) chunk.skip(type, reason);
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
