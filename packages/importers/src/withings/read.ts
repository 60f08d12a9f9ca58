import { ChunkBuffer } from '../shared/chunk-buffer';
import { readCsv } from '../shared/csv';
import { ImportFormatError, type ImportChunk, type ImportContext, type ImportFile } from '../types';
import { classify, type WithingsFile } from './entries';
import { bpRow, sleepRow, stepsRow, weightRow, type Mapped } from './map';

const MAPPERS: Record<WithingsFile, (row: Record<string, string>, zone: string) => Mapped> = {
  weight: weightRow,
  bp: bpRow,
  sleep: sleepRow,
  steps: stepsRow,
};

/**
 * Reads weight.csv, bp.csv, sleep.csv and aggregates_steps.csv, in entry-name order. Every reading is
 * accounted for: each filled cell of a row is a sample, an issue or skipped under its column name.
 */
export async function* readWithings(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  const entries: { file: ImportFile; type: WithingsFile }[] = [];
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const type = await classify(file);
    if (type) entries.push({ file, type });
  }
  const out = new ChunkBuffer();
  for (const { file, type } of entries) {
    let lastLine = 1;
    try {
      for await (const { cells, line } of readCsv(file)) {
        if (context.signal?.aborted) return;
        lastLine = line;
        const { samples, problems, skipped } = MAPPERS[type](cells, context.timeZone);
        out.record(samples.length + problems.length);
        for (const sample of samples) out.add(sample);
        for (const message of problems) out.issue({ file: file.name, line, message });
        for (const { type: what, reason } of skipped) out.skip(what, reason);
        if (out.full) yield* out.chunks();
      }
    } catch (error) {
      yield* out.chunks(true);
      throw new ImportFormatError(
        `${file.name} cannot be read past line ${lastLine}: ${(error as Error).message}`,
        {
          file: file.name,
          line: lastLine,
        },
      );
    }
  }
  yield* out.chunks(true);
}
