import { ChunkBuffer } from '../shared/chunk-buffer';
import { readCsv } from '../shared/csv';
import { ownerMismatchWarning } from '../shared/owner-name';
import { ImportFormatError, type ImportChunk, type ImportContext, type ImportFile } from '../types';
import { libreViewFiles, type LibreViewFile } from './detect';
import { glucoseColumn, mapRow, skippedCells } from './map';
import { orderEvidence, type DateOrder } from './timestamp';

/**
 * Reads every LibreView export of the upload. A historic (type 0) or scan (type 1) row's glucose is a
 * sample or an issue; every other filled cell (insulin, food, notes, strip glucose, ketones) is a
 * reading skipped under its column name (`skippedCells`).
 */
export async function* readLibreView(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  const chunk = new ChunkBuffer();
  for (const export_ of await libreViewFiles(files)) {
    if (context.signal?.aborted) return;
    const warning = export_.generatedBy && ownerMismatchWarning(export_.generatedBy, context.owner.name);
    if (warning) chunk.warnOnce(warning);
    const order = await dateOrder(export_);
    try {
      for await (const { cells, line } of readCsv(export_.file, csvOptions(export_))) {
        if (context.signal?.aborted) return;
        const glucose = glucoseColumn(cells, export_.unit);
        if (glucose) {
          chunk.record();
          const mapped = mapRow(cells, export_.unit, order, context.timeZone);
          if ('sample' in mapped) chunk.add(mapped.sample);
          else chunk.issue({ message: mapped.problem, file: export_.file.name, line });
        }
        for (const { type, reason } of skippedCells(cells, glucose)) chunk.skip(type, reason);
        if (chunk.full) yield chunk.take();
      }
    } catch (error) {
      if (chunk.pending) yield chunk.take();
      throw error;
    }
  }
  if (chunk.pending) yield chunk.take();
}

/**
 * Whether the file writes month or day first, decided by the first date with a number above 12. A file
 * where no date decides (every day of it the 12th or earlier) is read month-first when it writes AM/PM,
 * as LibreView's US default does, and day-first otherwise.
 */
async function dateOrder(export_: LibreViewFile): Promise<DateOrder> {
  let twelveHour = false;
  try {
    for await (const { cells } of readCsv(export_.file, csvOptions(export_))) {
      const evidence = orderEvidence(cells['Device Timestamp'] ?? '');
      if (evidence.order) return evidence.order;
      twelveHour ||= evidence.twelveHour;
    }
  } catch (error) {
    // The reading pass reports the damage, after yielding the rows before it.
    if (!(error instanceof ImportFormatError)) throw error;
  }
  return twelveHour ? 'month-first' : 'day-first';
}

/** How to read the export's rows: below its title line, with its delimiter. */
const csvOptions = (export_: LibreViewFile) => ({
  skipLines: export_.skipLines,
  delimiter: export_.delimiter,
  formatError: true,
});
